import type { Currency } from "@market/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

const locales = import.meta.glob<Record<string, string>>("../../../packages/contract/locales/*/*.json", {
  eager: true,
  import: "default",
});

/** The app's messages per language, every namespace keyed as the server serves them (`<namespace>.<key>`). */
const messages: Record<string, Record<string, string>> = {};
for (const [path, file] of Object.entries(locales)) {
  const [, lng = "", ns = ""] = path.match(/locales\/([^/]+)\/(.+)\.json$/) ?? [];
  messages[lng] ??= {};
  for (const [k, v] of Object.entries(file)) messages[lng][`${ns}.${k}`] = v;
}

/** A fresh i18next instance with the app's messages, in English unless told. */
export function testI18n(lng = "en") {
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng,
    resources: Object.fromEntries(Object.entries(messages).map(([l, m]) => [l, { translation: { ...m } }])),
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
