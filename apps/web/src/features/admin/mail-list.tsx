import type { OutboxMessage } from "@market/contract";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { formatDateTime, isolated } from "../i18n/index.ts";
import { useRetryMail } from "./api.ts";

const BADGE: Record<OutboxMessage["status"], string> = {
  queued: "bg-amber-50 text-amber-800 ring-amber-200",
  sent: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  kept: "bg-slate-100 text-slate-700 ring-slate-300",
};

const time = (iso: string) => isolated(formatDateTime(iso));

/** Outgoing messages, newest first: to whom, what, how delivery went, and a retry of a failed one. */
export function AdminMailList({ messages }: { messages: OutboxMessage[] }) {
  const { t } = useTranslation();
  const retry = useRetryMail();
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {messages.map((m) => (
        <li key={m.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:px-5">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="min-w-0 break-words font-semibold text-slate-900">{m.subject}</p>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE[m.status]}`}>
                {t(`admin.mail_status_${m.status}`)}
              </span>
            </div>
            <p className="text-sm text-slate-600">
              {t(`admin.mail_to_${m.channel}`)}{" "}
              <span dir="ltr" className="break-all">
                {m.recipient}
              </span>
            </p>
            <p className="text-xs text-slate-500">
              {t("admin.mail_written", { time: time(m.created_at) })}
              {m.sent_at && ` · ${t("admin.mail_sent_at", { time: time(m.sent_at) })}`}
              {m.attempts > 0 && ` · ${t("admin.mail_attempts", { count: m.attempts })}`}
            </p>
            {m.last_error && (
              <p className="break-words text-sm text-red-800">
                {t("admin.mail_error")}
                {t("common.colon")}
                <span dir="ltr">{m.last_error}</span>
              </p>
            )}
          </div>
          {m.status === "failed" && (
            <Button
              size="sm"
              disabled={retry.isPending}
              className="self-start disabled:opacity-60"
              aria-label={t("admin.mail_retry_to", { recipient: m.recipient })}
              onClick={() => retry.mutate(m.id, { onError: (e) => showApiError(e) })}
            >
              {t("admin.mail_retry")}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
