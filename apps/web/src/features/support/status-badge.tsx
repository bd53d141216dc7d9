import type { TicketStatus } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Pill } from "../../ui/pill.tsx";

const tone: Record<TicketStatus, string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  confirm: "bg-sky-50 text-sky-800 ring-sky-200",
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancel: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <Pill tone={tone[status]}>{t(`support.status_${status}`)}</Pill>;
}
