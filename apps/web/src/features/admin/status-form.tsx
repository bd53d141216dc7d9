import { TICKET_STATUSES, type TicketStatus } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../auth/api.ts";
import { SelectField } from "../auth/fields.tsx";
import { useTicketStatus } from "./api.ts";

/** Moves a ticket to another status (staff may also reopen a closed one). */
export function TicketStatusForm({ ticketNumber, status }: { ticketNumber: string; status: TicketStatus }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<TicketStatus>(status);
  const change = useTicketStatus(ticketNumber);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(chosen, { onError: (err) => showApiError(err) });
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <SelectField
        label={t("admin.status_label")}
        value={chosen}
        onChange={(e) => setChosen(e.target.value as TicketStatus)}
        className="min-w-40 flex-1"
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`support.status_${s}`)}
          </option>
        ))}
      </SelectField>
      <button
        type="submit"
        disabled={chosen === status || change.isPending}
        className="rounded-lg bg-primary-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-700 disabled:opacity-50"
      >
        {t("admin.save_status")}
      </button>
    </form>
  );
}
