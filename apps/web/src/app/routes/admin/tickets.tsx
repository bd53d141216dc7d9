import { TICKET_STATUSES } from "@market/contract";
import { useTranslation } from "react-i18next";
import { AdminListPage, AdminTicketTable, useAdminTickets, useListParams } from "../../../features/admin/index.ts";
import { EmptyState } from "../../../ui/empty-state.tsx";

export const handle = { title: "admin.tickets_title" };

const FILTERS = ["all", ...TICKET_STATUSES] as const;

export function Component() {
  const { t } = useTranslation();
  const params = useListParams(FILTERS, "all");
  const query = useAdminTickets(params.page, params.filter === "all" ? undefined : params.filter);
  return (
    <AdminListPage
      title={t(handle.title)}
      filterLabel={t("admin.filter_tickets")}
      options={FILTERS.map((s) => ({ value: s, label: t(s === "all" ? "support.all" : `support.status_${s}`) }))}
      params={params}
      query={query}
      empty={<EmptyState title={t("admin.no_tickets")} text={t("admin.no_tickets_text")} />}
    >
      {(tickets) => <AdminTicketTable tickets={tickets} />}
    </AdminListPage>
  );
}
