import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" size="sm" weight="medium" onClick={() => onOpenChange(false)}>
          {cancelLabel ?? t("common.cancel")}
        </Button>
        <Button
          variant={tone}
          size="sm-wide"
          weight="medium"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
          className="disabled:opacity-60 aria-busy:cursor-wait"
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
