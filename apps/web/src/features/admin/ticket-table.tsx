import type { AdminTicketSummary } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TicketStatusBadge, ticketTime } from "../support/index.ts";

/** Every shopper's tickets, latest activity first, each a link to its conversation. */
export function AdminTicketTable({ tickets }: { tickets: AdminTicketSummary[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[9rem_1fr_12rem_7rem_11rem] gap-4 border-b border-slate-100 bg-slate-50 px-5 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:grid"
      >
        <span>{t("admin.col_ticket")}</span>
        <span>{t("admin.col_subject")}</span>
        <span>{t("admin.col_customer")}</span>
        <span>{t("admin.col_status")}</span>
        <span>{t("admin.col_updated")}</span>
      </div>
      <ul className="divide-y divide-slate-100">
        {tickets.map((tk) => (
          <li key={tk.ticket_number}>
            <Link
              to={`/admin/tickets/${tk.ticket_number}`}
              className="grid grid-cols-1 gap-1 px-4 py-3 text-sm hover:bg-slate-50 sm:px-5 lg:grid-cols-[9rem_1fr_12rem_7rem_11rem] lg:items-center lg:gap-4"
            >
              <span dir="ltr" className="font-mono text-xs text-slate-500 rtl:text-end">
                {tk.ticket_number}
              </span>
              <span className="min-w-0">
                <span dir="auto" className="block truncate font-semibold text-slate-900">
                  {tk.subject ?? tk.issue_type.name}
                </span>
                <span className="block truncate text-xs text-slate-500">{tk.issue_type.name}</span>
              </span>
              <span className="min-w-0 truncate text-slate-700">
                {tk.customer.name}
                {tk.customer.email && (
                  <span dir="ltr" className="block truncate text-xs text-slate-500 rtl:text-end">
                    {tk.customer.email}
                  </span>
                )}
              </span>
              <span>
                <TicketStatusBadge status={tk.status} />
              </span>
              <time dateTime={tk.updated_at} dir="auto" className="text-xs text-slate-500">
                {ticketTime(tk.updated_at)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
