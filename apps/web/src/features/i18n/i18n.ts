import type { LangMessages } from "@market/contract";
import { DEFAULT_LOCALE } from "@market/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { api } from "../../api/client.ts";

export const i18n = i18next.createInstance();

i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: false,
  resources: {},
  // Keys are flat `<namespace>.<key>` strings from GET /api/lang/{locale}.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  react: { useSuspense: false },
});

/** Loads the messages of `locale` from the server (or from `messages` at hand) and switches i18next to it. */
export async function loadMessages(locale: string, messages?: LangMessages): Promise<void> {
  try {
    const loaded = messages ?? (await api.get<LangMessages>(`/lang/${encodeURIComponent(locale)}`));
    i18n.addResourceBundle(locale, "translation", loaded, true, true);
  } catch (error) {
    // The spec: a failed language file is only logged.
    console.error(error);
  }
  await i18n.changeLanguage(locale);
}
