import { STORAGE_KEYS } from "@market/contract";
import { setBootCookie } from "../../lib/boot-data.ts";

/** Where the server's app locale was last seen. */
export const APP_LOCALE_KEY = "app_locale";

/**
 * The spec's app-locale rule: when the server's app locale differs from the one stored, the
 * locale becomes the server's (and the page reloads). On a first visit the server's locale is
 * the default unless the shopper already chose one. A stored choice the storefront no longer
 * offers (the operator removed that language) gives way to the server's.
 */
export function resolveAppLocale(input: {
  appLocale: string;
  storedAppLocale: string | null;
  storedLocale: string | null;
  offered: readonly string[];
}) {
  const { appLocale, storedAppLocale } = input;
  const storedLocale =
    input.storedLocale !== null && input.offered.includes(input.storedLocale) ? input.storedLocale : null;
  if (storedAppLocale === null) return { locale: storedLocale ?? appLocale, changed: false };
  if (storedAppLocale !== appLocale) return { locale: appLocale, changed: true };
  return { locale: storedLocale ?? appLocale, changed: false };
}

/** Applies the rule against localStorage; `changed` means the page must reload. */
export function syncAppLocale(appLocale: string, offered: readonly string[]) {
  const result = resolveAppLocale({
    appLocale,
    storedAppLocale: localStorage.getItem(APP_LOCALE_KEY),
    storedLocale: localStorage.getItem(STORAGE_KEYS.locale),
    offered,
  });
  localStorage.setItem(APP_LOCALE_KEY, appLocale);
  storeLocale(result.locale);
  return result;
}

/**
 * Keeps the shopper's locale in localStorage (the client's source of truth) and mirrors it into a
 * cookie, so the server can put settings and messages in that locale into the page's HTML.
 */
export function storeLocale(locale: string) {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  setBootCookie("locale", locale);
}
