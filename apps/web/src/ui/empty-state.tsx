import type { ReactNode } from "react";

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <div className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <svg
          viewBox="0 0 24 24"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9z" strokeLinejoin="round" />
          <path d="m3 7.5 9 4.5 9-4.5M12 12v9" strokeLinejoin="round" />
        </svg>
      </div>
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {text && <p className="mt-1 max-w-md text-sm text-slate-500">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
