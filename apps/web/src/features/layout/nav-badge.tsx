import type { ReactNode } from "react";

/** An icon with a count bubble. */
export function NavBadge({ icon, count, label }: { icon: ReactNode; count: number; label: string }) {
  return (
    <>
      {icon}
      <span
        className="absolute -top-0.5 -end-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
        aria-hidden="true"
      >
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}
