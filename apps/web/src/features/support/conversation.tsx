import type { TicketDetails, TicketMessage } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../ui/avatar.tsx";
import { PaperclipIcon } from "../../ui/icons.tsx";
import { MessageText } from "../../ui/message-text.tsx";
import { downloadAttachment } from "./api.ts";
import { formatSize, ticketTime } from "./format.ts";

type Props = {
  ticket: TicketDetails;
  /** who reads: the shopper sees their own messages as "You", staff see the shopper's name */
  viewer: "user" | "staff";
  /** the API path that streams an attachment of this ticket to this reader */
  attachmentPath: (attachmentId: number) => string;
};

/** The messages of a ticket, oldest first: the reader's own on the end side, the other party's on the start side. */
export function Conversation({ ticket, viewer, attachmentPath }: Props) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t("support.conversation")} className="space-y-4">
      {ticket.messages.map((m) => (
        <MessageItem key={m.id} message={m} own={m.sender === viewer} viewer={viewer} attachmentPath={attachmentPath} />
      ))}
    </ol>
  );
}

function MessageItem({
  message: m,
  own,
  viewer,
  attachmentPath,
}: {
  message: TicketMessage;
  own: boolean;
  viewer: Props["viewer"];
  attachmentPath: Props["attachmentPath"];
}) {
  const { t } = useTranslation();
  const who =
    m.sender === "staff"
      ? viewer === "staff"
        ? `${m.author.name} · ${t("support.support_team")}`
        : t("support.support_team")
      : own
        ? t("support.you")
        : m.author.name;
  return (
    <li className={`flex gap-3 ${own ? "flex-row-reverse" : ""}`}>
      <Avatar name={m.author.name} photo={m.author.profile_photo} className="size-9 shrink-0 text-sm" />
      <div className={`flex min-w-0 max-w-[85%] flex-col ${own ? "items-end" : "items-start"}`}>
        <p className="text-xs text-slate-500">
          <span className="font-semibold text-slate-700">{who}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={m.created_at} dir="auto" className="whitespace-nowrap">
            {ticketTime(m.created_at)}
          </time>
        </p>
        <div
          className={`mt-1 rounded-2xl px-4 py-3 text-sm leading-relaxed ${
            own
              ? "rounded-se-sm bg-primary-600 text-white"
              : "rounded-ss-sm border border-slate-200 bg-white text-slate-800"
          }`}
        >
          <p dir="auto" className="break-words">
            <MessageText text={m.message} />
          </p>
        </div>
        {m.attachments.length > 0 && (
          <ul className={`mt-2 flex flex-wrap gap-2 ${own ? "justify-end" : ""}`}>
            {m.attachments.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  onClick={() => void downloadAttachment(attachmentPath(a.id), a.name)}
                  aria-label={t("support.download", { name: a.name })}
                  className="inline-flex max-w-64 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700 hover:border-primary-300 hover:text-primary-700"
                >
                  <PaperclipIcon className="size-4 shrink-0" />
                  <span className="truncate">{a.name}</span>
                  <span className="shrink-0 text-xs text-slate-500" dir="ltr">
                    {formatSize(a.size)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
