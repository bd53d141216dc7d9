import { PAGINATION_PER_PAGE, TICKET_STATUSES, type TicketStatus } from "@market/contract";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { NewTicketForm, StatusTabs, TicketList, useTickets } from "../../../features/support/index.ts";
import { Button } from "../../../ui/button.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Pagination } from "../../../ui/pagination.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "support.title" };

type Filter = TicketStatus | "all";
const isStatus = (v: string | null): v is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(v ?? "");

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = params.get("status");
  const filter: Filter = isStatus(status) ? status : "all";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [formOpen, setFormOpen] = useState(params.get("new") === "1");
  const newButton = useRef<HTMLButtonElement>(null);
  const { data, isPending, isError } = useTickets(page, filter === "all" ? undefined : filter);

  const setQuery = (next: { status?: Filter; page?: number }, how?: { replace?: boolean }) => {
    const s = next.status ?? filter;
    const p = next.page ?? 1;
    setParams(
      { ...(s !== "all" && { status: s }), ...(p > 1 && { page: String(p) }) },
      { replace: how?.replace === true },
    );
  };
  const options = [
    { value: "all" as const, label: t("support.all") },
    ...TICKET_STATUSES.map((s) => ({ value: s, label: t(`support.status_${s}`) })),
  ];

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle>{t(handle.title)}</PageTitle>
        {!formOpen && (
          <Button ref={newButton} type="button" onClick={() => setFormOpen(true)}>
            {t("support.new_ticket")}
          </Button>
        )}
      </div>

      {formOpen && (
        <section className="mb-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <h2 id="new-ticket-title" className="text-lg font-semibold text-slate-900">
            {t("support.new_ticket_title")}
          </h2>
          <p className="mt-1 mb-5 text-sm text-slate-500">{t("support.new_ticket_text")}</p>
          <NewTicketForm
            onCreated={(ticket) => navigate(`/support-ticket/${ticket.ticket_number}`)}
            onCancel={() => {
              // Back to the button that opened the form, which comes back with this render.
              flushSync(() => setFormOpen(false));
              newButton.current?.focus();
            }}
          />
        </section>
      )}

      <div className="mb-4">
        <StatusTabs
          label={t("support.filter_label")}
          value={filter}
          options={options}
          onChange={(s) => setQuery({ status: s })}
        />
      </div>

      {isPending ? (
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full rounded-2xl" />
          ))}
        </div>
      ) : isError ? (
        <EmptyState title={t("support.load_failed")} />
      ) : data.data.length === 0 ? (
        <EmptyState
          title={t(filter === "all" ? "support.no_tickets" : "support.no_tickets_status")}
          text={t("support.no_tickets_text")}
        />
      ) : (
        <div className="space-y-6">
          <TicketList tickets={data.data} />
          <Pagination
            page={page}
            total={data.total}
            perPage={PAGINATION_PER_PAGE}
            onChange={(p, how) => setQuery({ page: p }, how)}
          />
        </div>
      )}
    </>
  );
}
