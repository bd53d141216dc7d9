import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "./dialog.tsx";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** the button that keeps things as they are (default 'Cancel') */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  busy?: boolean;
  /** "danger" for a step that cannot be undone (delete, cancel an order) */
  tone?: "primary" | "danger";
};

/** A yes/no question before an action; the action's button is busy while it runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  tone = "primary",
}: Props) {
  const { t } = useTranslation();
  const solid = tone === "danger" ? "bg-red-600 hover:bg-red-700" : "bg-primary-600 hover:bg-primary-700";
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {cancelLabel ?? t("common.cancel")}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`rounded-lg px-5 py-2 text-sm font-medium text-white disabled:opacity-60 aria-busy:cursor-wait ${solid}`}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
