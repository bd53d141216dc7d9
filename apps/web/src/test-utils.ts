import type { Currency } from "@market/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

const locales = import.meta.glob<Record<string, string>>("../../../packages/contract/locales/en/*.json", {
  eager: true,
  import: "default",
});

/** The app's English messages of every namespace, keyed as the server serves them (`<namespace>.<key>`). */
const messages: Record<string, string> = {};
for (const [path, file] of Object.entries(locales)) {
  const ns = path.replace(/^.*\/(.+)\.json$/, "$1");
  for (const [k, v] of Object.entries(file)) messages[`${ns}.${k}`] = v;
}

/** A fresh i18next instance in English with the app's messages. */
export function testI18n() {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: { ...messages } } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** The default currency of the tests' master settings. */
export const usd: Currency = {
  id: 1,
  name: "USD",
  symbol: "$",
  position: "prefix",
  rate: 1,
  rate_from_default: 1,
  is_default: true,
};
