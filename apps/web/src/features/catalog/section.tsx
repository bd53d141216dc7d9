import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronIcon } from "../../ui/icons.tsx";

/**
 * A titled block of a page, with an optional 'View all' link at the end of its heading row.
 * `belowFold`: rendered by the browser only as it nears the viewport (`render-near-view`).
 */
export function Section({
  id,
  title,
  viewAll,
  aside,
  belowFold,
  children,
}: {
  id: string;
  title: string;
  viewAll?: string;
  aside?: ReactNode;
  belowFold?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-4${belowFold ? " render-near-view" : ""}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {title}
          </h2>
          {aside}
        </div>
        {viewAll && (
          <Link
            to={viewAll}
            className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-semibold text-primary-700 hover:bg-primary-50"
          >
            {t("catalog.view_all")}
            <span className="sr-only"> {title}</span>
            <ChevronIcon className="rtl:rotate-180" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

export function PageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
    </div>
  );
}

export const PAGE = "mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:gap-8 lg:px-8 lg:py-8";
