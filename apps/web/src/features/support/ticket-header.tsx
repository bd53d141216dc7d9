import type { TicketDetails } from "@market/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PhoneLink } from "../../ui/phone-link.tsx";
import { ticketTime } from "./format.ts";
import { TicketStatusBadge } from "./status-badge.tsx";

/** The ticket's h1 (its subject, or its issue type), number and status. */
export function TicketHeader({ ticket }: { ticket: TicketDetails }) {
  const { t } = useTranslation();
  return (
    <div className="mb-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 dir="auto" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {ticket.subject ?? ticket.issue_type.name}
        </h1>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="mt-1 text-sm text-slate-500">{t("support.ticket_number", { number: ticket.ticket_number })}</p>
    </div>
  );
}

/** Issue type, order, contact and dates of a ticket; `extra` adds rows (the admin's customer). */
export function TicketInfo({ ticket, extra }: { ticket: TicketDetails; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="ticket-info-title"
      className="self-start rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="ticket-info-title" className="mb-3 font-semibold text-slate-900">
        {t("support.details")}
      </h2>
      <dl className="space-y-3 text-sm">
        {extra}
        <InfoRow label={t("support.issue_type")}>{ticket.issue_type.name}</InfoRow>
        {ticket.order_number && (
          <InfoRow label={t("support.order_number")}>
            <span dir="ltr">{ticket.order_number}</span>
          </InfoRow>
        )}
        <InfoRow label={t("support.email")}>
          <span dir="ltr" className="break-all">
            {ticket.email}
          </span>
        </InfoRow>
        {ticket.phone && (
          <InfoRow label={t("support.phone")}>
            <PhoneLink phone={ticket.phone} className="hover:underline" />
          </InfoRow>
        )}
        <InfoRow label={t("support.opened")}>
          <time dateTime={ticket.created_at} dir="auto">
            {ticketTime(ticket.created_at)}
          </time>
        </InfoRow>
      </dl>
    </aside>
  );
}

export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-800">{children}</dd>
    </div>
  );
}
