import type { LangMessages } from "@market/contract";
import { DEFAULT_LOCALE, elided } from "@market/contract";
import i18next, { type InitOptions, type PostProcessorModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { call } from "../../api/client.ts";

/** A filled-in sentence in the language's own spelling: French "Articles d'Urban Threads". */
const elision: PostProcessorModule = {
  type: "postProcessor",
  name: "elision",
  process: (value: string, _key, _options, translator: { language?: string }) =>
    elided(translator.language ?? "", value),
};

const OPTIONS: InitOptions = {
  fallbackLng: false,
  postProcess: ["elision"],
  // Keys are flat `<namespace>.<key>` strings from GET /api/lang/{locale}.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  react: { useSuspense: false },
};

export const i18n = i18next.createInstance();

i18n
  .use(elision)
  .use(initReactI18next)
  .init({ ...OPTIONS, lng: DEFAULT_LOCALE, resources: {} });

/** An instance of its own with one language's messages, ready at once: a server render's. */
export function i18nFor(locale: string, messages: LangMessages) {
  const instance = i18next.createInstance().use(elision);
  void instance.init({ ...OPTIONS, lng: locale, resources: { [locale]: { translation: messages } }, initAsync: false });
  return instance;
}

/** Loads the messages of `locale` from the server (or from `messages` at hand) and switches i18next to it. */
export async function loadMessages(locale: string, messages?: LangMessages): Promise<void> {
  try {
    const loaded = messages ?? (await call("GET /lang/:locale", { params: { locale } }));
    i18n.addResourceBundle(locale, "translation", loaded, true, true);
  } catch (error) {
    // The spec: a failed language file is only logged.
    console.error(error);
  }
  await i18n.changeLanguage(locale);
}
