import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import notifications from "../../../../../../packages/contract/locales/en/notifications.json";

/** An i18next instance with the shipped English notification texts, keyed as the app keys them. */
export function englishNotifications() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: "en",
    resources: {
      en: { translation: Object.fromEntries(Object.entries(notifications).map(([k, v]) => [`notifications.${k}`, v])) },
    },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}
