import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import account from "../../../../../../packages/contract/locales/en/account.json";
import auth from "../../../../../../packages/contract/locales/en/auth.json";
import common from "../../../../../../packages/contract/locales/en/common.json";
import social from "../../../../../../packages/contract/locales/en/social.json";

/** The app's English messages of the auth screens, keyed as the server serves them. */
export function authI18n() {
  const messages: Record<string, string> = {};
  for (const [ns, file] of Object.entries({ account, auth, common, social })) {
    for (const [k, v] of Object.entries(file)) messages[`${ns}.${k}`] = v;
  }
  const i18n = i18next.createInstance();
  i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { translation: messages } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}
