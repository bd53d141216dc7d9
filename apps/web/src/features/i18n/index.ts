// The i18n feature's public entry: everything the app and other features use of it;
// they import nothing else from features/i18n/ (lint:deps).
export { bootLocale } from "./boot.ts";
export { type Direction, directionOf } from "./direction.ts";
export { formatDate, formatDateTime, formatNumber, formatRating, isolated, variantName } from "./format.ts";
export { i18n, i18nFor } from "./i18n.ts";
export { useLocale } from "./use-locale.ts";
