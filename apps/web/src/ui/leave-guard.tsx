import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * Asks before leaving a form with unsaved changes: a link or Back inside the app opens a dialog
 * (Stay / Leave), closing or reloading the tab gets the browser's own question. `allowNext()` lets
 * the form's own navigation after a save through.
 */
export function useLeaveGuard(dirty: boolean, text: { title: string; description: string }) {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={text.title}
      description={text.description}
      cancelLabel={t("common.stay")}
      confirmLabel={t("common.leave")}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
    />
  );
  return {
    dialog,
    allowNext: () => {
      allowed.current = true;
    },
  };
}
