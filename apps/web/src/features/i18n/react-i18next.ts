// The app's `react-i18next`: the library, with the lighter useTranslation (see use-translation.ts).
export * from "react-i18next";
export { useTranslation } from "./use-translation.ts";
