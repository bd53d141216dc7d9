import type { ReactNode } from "react";
import { BoxIcon } from "./icons.tsx";

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <div className="mb-4 inline-flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <BoxIcon className="size-7" />
      </div>
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {text && <p className="mt-1 max-w-md text-sm text-slate-500">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
