import { Dialog as D } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFocusReturn } from "./focus-return.ts";
import { CloseIcon } from "./icons.tsx";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** "center" (modal) or "start" (a sheet sliding in from the reading start side) */
  variant?: "center" | "start";
  /** a worded close button (e.g. 'Done') in place of the × */
  closeLabel?: string;
  /**
   * false: a press outside does not close it (its buttons, × and Escape do). For a dialog that a
   * click's answer opens, which the press of a double click's second click would otherwise close.
   */
  closeOnOutsidePress?: boolean;
  className?: string;
};

/** The dialog of ui/dialog.tsx (Radix: focus trap, Escape, labelled by its title). */
export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = "center",
  closeLabel,
  closeOnOutsidePress = true,
  className = "",
}: DialogProps) {
  const { t } = useTranslation();
  const panel =
    variant === "start"
      ? "fixed inset-y-0 start-0 z-50 flex w-[85vw] max-w-sm flex-col overflow-y-auto bg-white shadow-2xl"
      : // A dialog taller than a small phone's screen scrolls inside instead of losing its top and bottom.
        "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl";
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <D.Content
          className={`${panel} ${className}`}
          onPointerDownOutside={closeOnOutsidePress ? undefined : (event) => event.preventDefault()}
          {...useFocusReturn()}
        >
          <div
            className={
              variant === "start"
                ? "flex items-center justify-between border-b border-slate-100 px-4 py-3"
                : "mb-2 flex items-start justify-between gap-4"
            }
          >
            <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
            {closeLabel ? (
              <D.Close className="rounded-lg px-3 py-1.5 text-sm font-medium text-primary-700 hover:bg-primary-50">
                {closeLabel}
              </D.Close>
            ) : (
              <D.Close
                aria-label={t("common.close")}
                className="-m-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                <CloseIcon />
              </D.Close>
            )}
          </div>
          {description ? (
            <D.Description className="text-sm text-slate-600">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
