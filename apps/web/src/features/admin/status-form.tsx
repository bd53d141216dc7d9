import { TICKET_STATUSES, type TicketStatus } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { SelectField } from "../../ui/fields.tsx";
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
      <Button type="submit" disabled={chosen === status || change.isPending} className="disabled:opacity-50">
        {t("admin.save_status")}
      </Button>
    </form>
  );
}
