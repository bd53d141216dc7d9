// French writes "de" as "d'" before a vowel: "Articles d'Urban Threads". A translator's own words
// already are, but a name filled into a sentence ("Articles de {{shop}}") is known only then; the
// storefront and the server's texts both pass a French sentence through this once it is filled.

const DE_BEFORE_VOWEL = /(^|[\s(«"])de ([aeiouàâäéèêëîïôöùûüæœAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜÆŒ])/g;

/** `text` in `locale` with "de" elided before a vowel where the language does so (French). */
export function elided(locale: string, text: string): string {
  return locale === "fr" || locale.startsWith("fr-") ? text.replace(DE_BEFORE_VOWEL, "$1d'$2") : text;
}
