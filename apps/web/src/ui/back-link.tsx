import type { ReactNode } from "react";
import { Link } from "react-router";

/** "← Back to …" above a detail page; the arrow turns with the text direction. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline">
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        ←
      </span>
      {children}
    </Link>
  );
}
