// The API's English texts said in another language, from a catalogue of `messages/<locale>.json`
// (each English text with its translation). The server says its answers with it; the web its forms'
// own checks, which run the contract's schemas and so meet the same English texts. No zod here: the
// web loads this with its first form error, not with every page.

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
/** The parts said in the language too: a field's or a thing's name, a sentence (others: numbers, names, columns). */
export const SAID_PARTS: ReadonlySet<string> = new Set(["label", "field", "what", "message"]);

type Template = { pattern: RegExp; parts: string[]; names: string[]; text: string; fixed: number };
export type MessageCatalogue = { exact: Map<string, string>; templates: Template[] };

/** A catalogue ready to use; a text with `{{name}}` parts is a template that matches any text of its shape. */
export function compileMessages(entries: Record<string, string>): MessageCatalogue {
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

/**
 * `text` in the catalogue's language, or undefined when the catalogue lacks it. A template's name
 * parts ("{{label}}", "{{what}}") are said in the language too when the catalogue has them;
 * `part` may say another part its own way (the server's order statuses).
 */
export function translateMessage(
  c: MessageCatalogue,
  text: string,
  part?: (name: string, value: string) => string | undefined,
): string | undefined {
  const exact = c.exact.get(text);
  if (exact !== undefined) return exact;
  for (const t of c.templates) {
    // The cheap test first, so a long text (a CSV's cell, a product's name) rarely meets the pattern.
    if (!t.parts.every((p) => text.includes(p))) continue;
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values = new Map(t.names.map((name, i) => [name, m[i + 1] ?? ""]));
    return t.text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      if (value === undefined) return whole;
      const own = part?.(name, value);
      if (own !== undefined) return own;
      return SAID_PARTS.has(name) ? (c.exact.get(value) ?? value) : value;
    });
  }
  return undefined;
}
