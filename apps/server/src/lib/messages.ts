import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCALE } from "@market/contract";

/** `packages/contract/messages/<locale>.json`: the API's English texts, each with its translation. */
export const messagesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../packages/contract/messages",
);

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** The parts said in the language too: a field's or a thing's name, a sentence (others: numbers, names, columns). */
const SAID = new Set(["label", "field", "what", "message"]);

type Template = { pattern: RegExp; names: string[]; text: string; fixed: number };
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
    const source = english
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 0 ? part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : "(.*?)"))
      .join("");
    const fixed = english.replace(PLACEHOLDER, "").length;
    templates.push({ pattern: new RegExp(`^${source}$`, "s"), names, text, fixed });
  }
  // The most specific first: "The code field must not be greater than {{n}} characters." before
  // "The {{label}} field must not be greater than {{max}} characters."
  templates.sort((a, b) => b.fixed - a.fixed);
  return { exact, templates };
}

const catalogues = new Map<string, Catalogue | null>();

function catalogue(locale: string): Catalogue | null {
  let found = catalogues.get(locale);
  if (found === undefined) {
    const file = path.join(messagesDir, `${locale}.json`);
    found =
      /^[a-z]{2,3}$/.test(locale) && fs.existsSync(file) ? compile(JSON.parse(fs.readFileSync(file, "utf8"))) : null;
    catalogues.set(locale, found);
  }
  return found;
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
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values = new Map(t.names.map((name, i) => [name, m[i + 1] ?? ""]));
    return t.text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      if (value === undefined) return whole;
      return SAID.has(name) ? (c.exact.get(value) ?? value) : value;
    });
  }
  return text;
}
