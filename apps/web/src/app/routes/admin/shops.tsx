import { SHOP_STATUSES } from "@market/contract";
import { useTranslation } from "react-i18next";
import { AdminListPage, AdminShopList, useAdminShops, useListParams } from "../../../features/admin/index.ts";
import { EmptyState } from "../../../ui/empty-state.tsx";

export const handle = { title: "admin.shops_title" };

const FILTERS = [...SHOP_STATUSES, "all"] as const;

/** New shops wait here for approval; the pending ones are shown first. */
export function Component() {
  const { t } = useTranslation();
  const params = useListParams(FILTERS, "pending");
  const query = useAdminShops(params.page, params.filter === "all" ? undefined : params.filter);
  return (
    <AdminListPage
      title={t(handle.title)}
      filterLabel={t("admin.filter_shops")}
      options={FILTERS.map((s) => ({ value: s, label: t(`admin.shops_${s}`) }))}
      params={params}
      query={query}
      empty={<EmptyState title={t("admin.no_shops")} text={t("admin.no_shops_text")} />}
    >
      {(shops) => <AdminShopList shops={shops} />}
    </AdminListPage>
  );
}
