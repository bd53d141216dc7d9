import type { ReactNode } from "react";

/** An icon with a count bubble; none while the count is not known yet (a "0" would say the cart was emptied). */
export function NavBadge({ icon, count, label }: { icon: ReactNode; count: number | undefined; label: string }) {
  return (
    <>
      {icon}
      {count !== undefined && (
        <span
          className="absolute -top-0.5 -end-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
          aria-hidden="true"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
      <span className="sr-only">{label}</span>
    </>
  );
}
