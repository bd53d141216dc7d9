import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  AUTH_MESSAGES,
  compileMessages,
  DEFAULT_LOCALE,
  elided,
  type MessageCatalogue,
  ORDER_STATUSES,
  orderStatusKey,
  translateMessage,
} from "@market/contract";
import { shippedUiMessages } from "../db/seed/ui-messages.ts";

/** `packages/contract/messages/<locale>.json`: the API's English texts, each with its translation. */
export const messagesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../packages/contract/messages",
);

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** The parts that hold an order's status, said with the interface's name for it. */
const STATUS_PARTS = new Set(["order_status", "next"]);

/** `locale` when its interface texts are shipped, else the default language. */
export const shippedLocale = (locale: string | null | undefined): string =>
  locale && shippedUiMessages()[locale] ? locale : DEFAULT_LOCALE;

const RTL = new Set(["ar", "fa", "he", "ur"]);
/** The direction of text the server writes (mails, the invoice) in `locale`. */
export const textDirection = (locale: string) => (RTL.has(locale) ? "rtl" : "ltr");

/** A shipped interface text (`<namespace>.<key>`, packages/contract/locales) in `locale`, else the default language's. */
export function uiTemplate(locale: string, key: string): string {
  const all = shippedUiMessages();
  return all[locale]?.[key] ?? all[DEFAULT_LOCALE]?.[key] ?? key;
}

/** A text's `{{name}}` parts filled in, in one pass (a value holding `{{…}}` stays as it is). */
export const fillParts = (text: string, params: Record<string, string>) =>
  text.replace(PLACEHOLDER, (_, name: string) => params[name] ?? "");

/** `uiTemplate` with its parts filled in: the words of what the server writes. */
export const uiText = (locale: string, key: string, params: Record<string, string> = {}) =>
  elided(locale, fillParts(uiTemplate(locale, key), params));

/**
 * An order status as people read it ("Confirm" -> "Confirmed"), in `locale`: the one name every
 * page, bell, mail, invoice and answer uses (`orders.status_*`).
 */
export const statusName = (status: string, locale: string = DEFAULT_LOCALE) => uiText(locale, orderStatusKey(status));

/** A status part's value (the status's English name, or its stored value) in `locale`. */
function statusPart(value: string, locale: string): string {
  const status = ORDER_STATUSES.find((s) => s === value || statusName(s) === value);
  return status ? statusName(status, locale) : value;
}

let catalogues: Map<string, MessageCatalogue> | undefined;

/** The shipped catalogues, read once per process. */
function catalogue(locale: string): MessageCatalogue | undefined {
  catalogues ??= new Map(
    fs
      .readdirSync(messagesDir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [
        path.basename(f, ".json"),
        compileMessages(JSON.parse(fs.readFileSync(path.join(messagesDir, f), "utf8"))),
      ]),
  );
  return catalogues.get(locale);
}

/**
 * An answer's English text in the request's language, Laravel's `__()` at the boundary: the
 * services say what happened in English (the contract's texts, which tests and logs read), and
 * the answer says it in the shopper's language. A template's name parts ("{{label}}", "{{what}}")
 * are translated too when the catalogue has them; a text the catalogue lacks stays English.
 */
export function localizeMessage(text: string, locale: string): string {
  if (locale === DEFAULT_LOCALE || !text) return text;
  const c = catalogue(locale);
  if (!c) return text;
  return (
    translateMessage(c, text, (name, value) => (STATUS_PARTS.has(name) ? statusPart(value, locale) : undefined)) ?? text
  );
}

/**
 * Another user's name as the reader sees it: an erased account is "Deleted user", a guest "Guest",
 * in the reader's language.
 */
export const shownName = (name: string, erasedAt: string | null, locale: string) =>
  erasedAt !== null
    ? localizeMessage(AUTH_MESSAGES.deletedUser, locale)
    : name === AUTH_MESSAGES.guestName
      ? localizeMessage(AUTH_MESSAGES.guestName, locale)
      : name;
