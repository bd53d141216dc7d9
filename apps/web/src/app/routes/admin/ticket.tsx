import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { adminAttachmentPath, TicketStatusForm, useAdminReply, useAdminTicket } from "../../../features/admin/index.ts";
import { Conversation, InfoRow, ReplyForm, TicketHeader, TicketInfo } from "../../../features/support/index.ts";
import { BackLink } from "../../../ui/back-link.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "admin.ticket_title" };

export function Component() {
  const { t } = useTranslation();
  const ticketNumber = useParams().ticketNumber ?? "";
  const { data: ticket, isPending, isError } = useAdminTicket(ticketNumber);
  const reply = useAdminReply(ticketNumber);
  const back = <BackLink to="/admin/tickets">{t("admin.back_to_tickets")}</BackLink>;
  if (isPending) {
    return (
      <>
        {back}
        <Skeleton className="h-64 w-full rounded-2xl" />
      </>
    );
  }
  if (isError) {
    return (
      <>
        {back}
        <EmptyState title={t("admin.not_found")} text={t("admin.not_found_text")} />
      </>
    );
  }
  return (
    <>
      {back}
      <TicketHeader ticket={ticket} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <Conversation
            ticket={ticket}
            viewer="staff"
            attachmentPath={(id) => adminAttachmentPath(ticket.ticket_number, id)}
          />
          <ReplyForm send={reply} placeholder={t("admin.reply_placeholder")} />
        </div>
        <div className="space-y-4">
          <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <TicketStatusForm key={ticket.status} ticketNumber={ticket.ticket_number} status={ticket.status} />
          </section>
          <TicketInfo ticket={ticket} extra={<InfoRow label={t("admin.customer")}>{ticket.customer.name}</InfoRow>} />
        </div>
      </div>
    </>
  );
}
