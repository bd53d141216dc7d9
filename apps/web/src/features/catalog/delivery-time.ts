import { useTranslation } from "react-i18next";
import { formatNumber } from "../i18n/index.ts";

/**
 * A shop's estimated delivery time ("2-5 days", "3 days", as sellers type it) in the active
 * language: "2–5 days", "من ٢ إلى ٥ أيام", "2–5 jours". Any other wording is shown as written.
 */
export function useDeliveryTime(): (text: string) => string {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (text) => {
    const range = /^\s*(\d{1,3})\s*(?:-|–|to)\s*(\d{1,3})\s*(?:days?)?\s*$/i.exec(text);
    if (range) {
      const [min, max] = [Number(range[1]), Number(range[2])];
      return t("catalog.delivery_range", {
        count: max,
        min: formatNumber(min, locale),
        max: formatNumber(max, locale),
      });
    }
    const days = /^\s*(\d{1,3})\s*(?:days?)?\s*$/i.exec(text);
    if (days) {
      const count = Number(days[1]);
      return t("catalog.delivery_days", { count, n: formatNumber(count, locale) });
    }
    return text;
  };
}
