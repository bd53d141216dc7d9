import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCALE, ORDER_STATUSES, orderStatusKey } from "@market/contract";
import { shippedUiMessages } from "../db/seed/ui-messages.ts";

/** `packages/contract/messages/<locale>.json`: the API's English texts, each with its translation. */
export const messagesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../packages/contract/messages",
);

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** The parts said in the language too: a field's or a thing's name, a sentence (others: numbers, names, columns). */
const SAID = new Set(["label", "field", "what", "message"]);
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
  fillParts(uiTemplate(locale, key), params);

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

type Template = { pattern: RegExp; parts: string[]; names: string[]; text: string; fixed: number };
type Catalogue = { exact: Map<string, string>; templates: Template[] };

function compile(entries: Record<string, string>): Catalogue {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, text] of Object.entries(entries)) {
    if (!english.includes("{{")) {
      exact.set(english, text);
      continue;
    }
    const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
    const parts = english.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
    const source = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("(.*?)");
    const fixed = parts.join("").length;
    templates.push({ pattern: new RegExp(`^${source}$`, "s"), parts: parts.filter(Boolean), names, text, fixed });
  }
  // The most specific first: "The code field must not be greater than {{n}} characters." before
  // "The {{label}} field must not be greater than {{max}} characters."
  templates.sort((a, b) => b.fixed - a.fixed);
  return { exact, templates };
}

let catalogues: Map<string, Catalogue> | undefined;

/** The shipped catalogues, read once per process. */
function catalogue(locale: string): Catalogue | undefined {
  catalogues ??= new Map(
    fs
      .readdirSync(messagesDir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [path.basename(f, ".json"), compile(JSON.parse(fs.readFileSync(path.join(messagesDir, f), "utf8")))]),
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
  const exact = c.exact.get(text);
  if (exact !== undefined) return exact;
  for (const t of c.templates) {
    // The cheap test first, so a long text (a CSV's cell, a product's name) rarely meets the pattern.
    if (!t.parts.every((part) => text.includes(part))) continue;
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values = new Map(t.names.map((name, i) => [name, m[i + 1] ?? ""]));
    return t.text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      if (value === undefined) return whole;
      if (STATUS_PARTS.has(name)) return statusPart(value, locale);
      return SAID.has(name) ? (c.exact.get(value) ?? value) : value;
    });
  }
  return text;
}
