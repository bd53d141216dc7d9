import type { ReactNode } from "react";

/** A status as a coloured pill, on one line whatever its language. `tone`: its colour classes. */
export function Pill({ tone, children, testId }: { tone: string; children: ReactNode; testId?: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}
