import { STORAGE_KEYS } from "@market/contract";
import { useEffect } from "react";
import { useLocale } from "../features/i18n/index.ts";
import { useCurrencyStore } from "../features/settings/index.ts";

/**
 * Follows the language and currency another tab of this browser chose: both are stored, and every
 * call reads the stored language, so a tab left as it was would show one language and be answered
 * in the other. The browser fires `storage` here when another tab writes them.
 */
export function useOtherTabsChoices() {
  const { locale, setLocale } = useLocale();
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea !== window.localStorage) return;
      if (e.key === STORAGE_KEYS.currency) void useCurrencyStore.persist.rehydrate();
      if (e.key === STORAGE_KEYS.locale && e.newValue && e.newValue !== locale) void setLocale(e.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [locale, setLocale]);
}
