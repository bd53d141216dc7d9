/**
 * Attributes of an element showing a server text that is not in the page's language (the answer's
 * `<field>_lang`, sent only for a fallback): its `lang`, and a direction of its own, so an English
 * fallback inside an Arabic page reads left to right.
 */
export function textLang(lang: string | undefined): { lang?: string; dir?: "auto" } {
  return lang ? { lang, dir: "auto" } : {};
}
