import { formatDateTime } from "../i18n/index.ts";

/** A message's time as the spec shows it in English, 'hh:mm a, DD MMM, YYYY', in the viewer's time zone. */
export const chatTime = (iso: string, locale?: string) => formatDateTime(iso, locale);
