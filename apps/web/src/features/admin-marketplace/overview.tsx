import type { AdminOverview as Overview } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SalesFigures } from "../seller-shop/index.ts";
import { useFormatPrice } from "../settings/index.ts";
import { useAdminOverview } from "./api.ts";

/** Each queue of the overview, with the list that holds it. */
const QUEUES: { key: keyof Overview["waiting"]; to: string }[] = [
  { key: "shops", to: "/admin/shops" },
  { key: "products", to: "/admin/products?moderation=pending" },
  { key: "tickets", to: "/admin/tickets?status=pending" },
  { key: "reviews", to: "/admin/reviews" },
  { key: "mail", to: "/admin/mail?status=failed" },
];

/** The admin's first page: what waits in each queue, then the whole marketplace's sales figures. */
export function AdminDashboard({ title }: { title: string }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useAdminOverview();
  const money = useFormatPrice();
  return (
    <>
      <PageTitle sub={t("admin.dashboard_sub")}>{title}</PageTitle>
      {isError ? (
        <LoadError onReload={refetch} />
      ) : !data ? (
        <Skeleton className="h-[40rem] w-full rounded-2xl" />
      ) : (
        <div className="space-y-6">
          <section aria-labelledby="waiting-title">
            <h2 id="waiting-title" className="mb-3 text-lg font-semibold text-slate-900">
              {t("admin.waiting_title")}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {QUEUES.map(({ key, to }) => {
                const count = data.waiting[key];
                return (
                  <li key={key}>
                    <Link
                      to={to}
                      data-testid={`waiting-${key}`}
                      className={`flex h-full flex-col rounded-2xl border bg-white p-4 hover:border-primary-300 hover:bg-primary-50/40 ${count > 0 ? "border-amber-300" : "border-slate-200"}`}
                    >
                      <span className="text-sm text-slate-600">{t(`admin.waiting_${key}`)}</span>
                      <span
                        className={`mt-auto pt-1 text-2xl font-bold tabular-nums ${count > 0 ? "text-amber-800" : "text-slate-900"}`}
                      >
                        {count}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
          <SalesFigures data={data} money={money} statusLink={(s) => `/admin/orders?status=${encodeURIComponent(s)}`} />
        </div>
      )}
    </>
  );
}
