import { PAGINATION_PER_PAGE, SHOP_STATUSES, type ShopStatus } from "@market/contract";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAdminShops } from "../../../features/admin/api.ts";
import { AdminShopList } from "../../../features/admin/shop-list.tsx";
import { StatusTabs } from "../../../features/support/status-tabs.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Pagination } from "../../../ui/pagination.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "admin.shops_title" };

type Filter = ShopStatus | "all";
const isStatus = (v: string | null): v is ShopStatus => (SHOP_STATUSES as readonly string[]).includes(v ?? "");

/** New shops wait here for approval; the pending ones are shown first. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = params.get("status");
  const filter: Filter = status === "all" ? "all" : isStatus(status) ? status : "pending";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, isPending } = useAdminShops(page, filter === "all" ? undefined : filter);
  const setQuery = (s: Filter, p = 1) => setParams({ status: s, ...(p > 1 && { page: String(p) }) });

  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <div className="mb-4">
        <StatusTabs
          label={t("admin.filter_shops")}
          value={filter}
          options={[
            { value: "pending" as const, label: t("admin.shops_pending") },
            { value: "active" as const, label: t("admin.shops_active") },
            { value: "all" as const, label: t("admin.shops_all") },
          ]}
          onChange={(s) => setQuery(s)}
        />
      </div>
      {isPending ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : !data || data.data.length === 0 ? (
        <EmptyState title={t("admin.no_shops")} text={t("admin.no_shops_text")} />
      ) : (
        <div className="space-y-6">
          <AdminShopList shops={data.data} />
          <Pagination
            page={page}
            total={data.total}
            perPage={PAGINATION_PER_PAGE}
            onChange={(p) => setQuery(filter, p)}
          />
        </div>
      )}
    </>
  );
}
