import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

const online = () => onlineManager.isOnline();

/**
 * Offline, the app's requests wait for the network (React Query pauses them) and then go by
 * themselves: a button that stays busy says nothing of why. This bar does, for as long as it lasts.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const isOnline = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), online, () => true);
  if (isOnline) return null;
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className="fixed inset-x-0 top-0 z-[60] bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 shadow"
    >
      {t("common.offline")}
    </p>
  );
}
