import { PAGINATION_PER_PAGE, TICKET_STATUSES, type TicketStatus } from "@market/contract";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAdminTickets } from "../../../features/admin/api.ts";
import { AdminTicketTable } from "../../../features/admin/ticket-table.tsx";
import { StatusTabs } from "../../../features/support/status-tabs.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Pagination } from "../../../ui/pagination.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "admin.tickets_title" };

type Filter = TicketStatus | "all";
const isStatus = (v: string | null): v is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(v ?? "");

export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = params.get("status");
  const filter: Filter = isStatus(status) ? status : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { data, isPending } = useAdminTickets(page, filter === "all" ? undefined : filter);
  const setQuery = (s: Filter, p = 1) =>
    setParams({ ...(s !== "all" && { status: s }), ...(p > 1 && { page: String(p) }) });

  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <div className="mb-4">
        <StatusTabs
          label={t("admin.filter_tickets")}
          value={filter}
          options={[
            { value: "all" as const, label: t("support.all") },
            ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`support.status_${s}`) })),
          ]}
          onChange={(s) => setQuery(s)}
        />
      </div>
      {isPending ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : !data || data.data.length === 0 ? (
        <EmptyState title={t("admin.no_tickets")} text={t("admin.no_tickets_text")} />
      ) : (
        <div className="space-y-6">
          <AdminTicketTable tickets={data.data} />
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
