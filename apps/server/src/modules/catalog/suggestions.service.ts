import { type SearchSuggestions, SUGGESTION_LIMIT } from "@market/contract";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { tr } from "../../lib/i18n.ts";
import * as repo from "./catalog.repository.ts";
import { productCards } from "./catalog.service.ts";
import { didYouMean, mayBeTypo, searchMatches, vocabularyOf, withinOneEdit, wordsOf } from "./search.ts";

// Suggestions while typing: the best few products (through the search index), and the categories,
// sub-categories and shops whose names (any language) share the most words with the text.

function namesOf(row: { name: string; i18n: string }): string[] {
  const names = [row.name];
  try {
    for (const fields of Object.values(JSON.parse(row.i18n) as Record<string, { name?: unknown } | null>)) {
      if (typeof fields?.name === "string") names.push(fields.name);
    }
  } catch {
    // a malformed translation column leaves the English name
  }
  return names;
}

/** A term of the search, and whether it may be a typo (search.ts's `mayBeTypo`). */
type Term = { text: string; typo: boolean };

/** How many of the terms a name has as a word, the start of one or (a possible typo) one edit from one. */
function score(terms: Term[], names: string[]): number {
  const words = names.flatMap(wordsOf);
  return terms.filter(({ text: t, typo }) =>
    words.some(
      (w) =>
        w.startsWith(t) ||
        (typo && (withinOneEdit(t, w) || withinOneEdit(t, w.replace(/s$/, "")))) ||
        (t.length >= 3 && w.length >= 3 && t.startsWith(w)),
    ),
  ).length;
}

function best<T>(rows: T[], terms: Term[], names: (row: T) => string[]): T[] {
  return rows
    .map((row, index) => ({ row, index, score: score(terms, names(row)) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, SUGGESTION_LIMIT)
    .map((r) => r.row);
}

export async function searchSuggestions({ dbh }: DbDeps, q: string, locale: string): Promise<SearchSuggestions> {
  const vocabulary = await vocabularyOf(dbh);
  const words = wordsOf(q).slice(0, 8);
  const terms = words.map((text, i) => ({ text, typo: mayBeTypo(text, vocabulary, i === words.length - 1) }));
  const matches = await searchMatches(dbh, q);
  const [ids, catalog, shops, corrected] = await Promise.all([
    matches
      ? repo.productIds(dbh.db, { search: matches }, "relevance", { limit: SUGGESTION_LIMIT, offset: 0 }, clock.iso())
      : Promise.resolve([]),
    repo.categoriesWithSubs(dbh.db),
    repo.activeShopNames(dbh.db),
    didYouMean(dbh, q),
  ]);
  const cards = await productCards({ dbh }, ids, locale);
  const slugOf = new Map(catalog.categories.map((c) => [c.id, c.slug]));
  const categoryRows = [
    ...catalog.categories.map((c) => ({ row: c, categoryId: c.id, slug: c.slug, sub: null as number | null })),
    ...catalog.subs.map((s) => ({
      row: s,
      categoryId: s.category_id,
      slug: slugOf.get(s.category_id) ?? "",
      sub: s.id as number | null,
    })),
  ];
  return {
    products: cards.map((c) => ({ id: c.id, name: c.name, slug: c.slug, thumbnail: c.thumbnail })),
    categories: best(categoryRows, terms, (c) => namesOf(c.row)).map((c) => ({
      id: c.categoryId,
      name: tr(c.row, "name", locale),
      slug: c.slug,
      sub_category_id: c.sub,
    })),
    shops: (await shopLogos(dbh, best(shops, terms, namesOf), locale)).slice(0, SUGGESTION_LIMIT),
    did_you_mean: corrected,
  };
}

async function shopLogos(
  dbh: DbDeps["dbh"],
  rows: Array<{ id: number; name: string; i18n: string }>,
  locale: string,
): Promise<SearchSuggestions["shops"]> {
  const byId = new Map(
    (
      await repo.shopsByIds(
        dbh.db,
        rows.map((r) => r.id),
      )
    ).map((s) => [s.id, s]),
  );
  return rows.flatMap((r) => {
    const s = byId.get(r.id);
    return s ? [{ id: s.id, name: tr(s, "name", locale), logo: s.logo }] : [];
  });
}
