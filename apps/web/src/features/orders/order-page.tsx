import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/client.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

/**
 * The frame of one order's page for shopper and seller: the title with a way back to the list, then
 * the order, "Order not found" (a bad id or another's order), a load error with Reload, or a skeleton.
 */
export function OrderPage<T>({
  title,
  id,
  backTo,
  query: { data, error, refetch },
  notFoundText,
  children,
}: {
  title: string;
  id: number;
  backTo: string;
  query: { data: T | undefined; error: Error | null; refetch: () => unknown };
  notFoundText?: string;
  children: (order: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const back = (
    <Link to={backTo} className="text-sm font-semibold text-primary-700 hover:underline">
      {t("orders.back_to_orders")}
    </Link>
  );
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PageTitle>{title}</PageTitle>
        {back}
      </div>
      {data ? (
        children(data)
      ) : !Number.isInteger(id) || id <= 0 || (error instanceof ApiError && error.code === "not_found") ? (
        <EmptyState title={t("orders.order_not_found")} text={notFoundText} action={back} />
      ) : error ? (
        <LoadError onReload={refetch} />
      ) : (
        <div className="space-y-4">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      )}
    </>
  );
}
