import { TICKET_CLOSED_STATUSES } from "@market/contract";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import {
  Conversation,
  ReplyForm,
  TicketHeader,
  TicketInfo,
  useReplyTicket,
  useTicket,
} from "../../../features/support/index.ts";
import { BackLink } from "../../../ui/back-link.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "support.ticket_details" };

export function Component() {
  const { t } = useTranslation();
  const ticketNumber = useParams().ticketNumber ?? "";
  const { data: ticket, isPending, isError } = useTicket(ticketNumber);
  const reply = useReplyTicket(ticketNumber);
  const back = <BackLink to="/support-tickets">{t("support.back_to_tickets")}</BackLink>;

  if (isPending) {
    return (
      <>
        {back}
        <Skeleton className="mb-4 h-10 w-2/3" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </>
    );
  }
  if (isError) {
    return (
      <>
        {back}
        <PageTitle>{t(handle.title)}</PageTitle>
        <EmptyState title={t("support.not_found")} text={t("support.not_found_text")} />
      </>
    );
  }
  const closed = TICKET_CLOSED_STATUSES.includes(ticket.status);
  return (
    <>
      {back}
      <TicketHeader ticket={ticket} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="conversation-title">
            <h2 id="conversation-title" className="sr-only">
              {t("support.conversation")}
            </h2>
            <Conversation
              ticket={ticket}
              viewer="user"
              attachmentPath={(id) => `/support-ticket/${ticket.ticket_number}/attachments/${id}`}
            />
          </section>
          {closed ? (
            <p role="status" className="rounded-2xl bg-slate-100 px-4 py-3 text-sm text-slate-700">
              {t("support.closed_notice")}
            </p>
          ) : (
            <ReplyForm send={reply} />
          )}
        </div>
        <TicketInfo ticket={ticket} />
      </div>
    </>
  );
}
