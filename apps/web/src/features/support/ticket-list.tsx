import type { TicketSummary } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ticketDate } from "./format.ts";
import { TicketStatusBadge } from "./status-badge.tsx";

/** The shopper's tickets as links to their conversations: subject, number, type, status and dates. */
export function TicketList({ tickets }: { tickets: TicketSummary[] }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {tickets.map((tk) => (
        <li key={tk.ticket_number}>
          <Link
            to={`/support-ticket/${tk.ticket_number}`}
            className="flex flex-col gap-2 px-4 py-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:px-5"
          >
            <div className="min-w-0">
              <p dir="auto" className="truncate font-semibold text-slate-900">
                {tk.subject ?? tk.issue_type.name}
              </p>
              <p className="mt-0.5 text-sm text-slate-500">
                <span dir="ltr" className="font-mono text-xs">
                  {tk.ticket_number}
                </span>
                <span aria-hidden="true"> · </span>
                {tk.issue_type.name}
                {tk.order_number && (
                  <>
                    <span aria-hidden="true"> · </span>
                    <span dir="ltr">{tk.order_number}</span>
                  </>
                )}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-3 text-sm text-slate-500 sm:flex-col sm:items-end sm:gap-1">
              <TicketStatusBadge status={tk.status} />
              <time dateTime={tk.created_at}>{t("support.opened_on", { date: ticketDate(tk.created_at) })}</time>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
