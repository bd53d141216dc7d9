import { type Db, type DbHandle, writeTransaction } from "../../db/index.ts";
import type { AppDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import * as repo from "./search.repository.ts";

// Ranked full-text search over the `product_search` index (name, brand, shop, category and
// sub-category, colours, sizes and description words, in every language): FTS5 + bm25 on SQLite,
// tsvector + ts_rank on PostgreSQL. A product matches when it has any word of the search; more
// matched words rank first. A query word the index does not know (even up to accents), and that
// does not start a word of it, is widened to the indexed words one edit away, so a one-letter typo
// still finds it. The last word, which the shopper may still be typing, also matches the start of
// a word, but only of the name, brand, shop, category and attributes: descriptions share common
// words ("ships", "carefully"), and "shi" must not find every product.

const MAX_TERMS = 8;
const MAX_NEIGHBOURS = 16;
const MIN_TYPO_LENGTH = 3;
const MIN_PREFIX_LENGTH = 2;
const VOCABULARY_TTL_MS = 5 * 60 * 1000;

/** Lower-case with accents and Arabic vowel marks folded away, the way the index compares words. */
export function fold(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a text, folded: for matching short lists in memory. */
export function wordsOf(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

/**
 * The words of a search as the index spells them (lower case, accents kept: PostgreSQL's
 * 'simple' configuration keeps them), at most MAX_TERMS.
 */
export function queryTerms(text: string): string[] {
  return (text.normalize("NFC").toLowerCase().match(WORD) ?? []).slice(0, MAX_TERMS);
}

/** Whether two words are within Damerau-Levenshtein (optimal string alignment) distance 1. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    // one substitution, or one transposition of neighbours
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // one insertion or deletion
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Whether every query term is a word of the texts, the start of one, or (from three letters) one
 * edit away from one: the in-memory match for short lists such as shops and blog posts.
 */
export function wordsMatch(terms: string[], texts: string[]): boolean {
  const words = texts.flatMap(wordsOf);
  return terms.every((t) => words.some((w) => w.startsWith(t) || (t.length >= MIN_TYPO_LENGTH && withinOneEdit(t, w))));
}

/** The indexed words, also reachable by their folded form (no accents, no Arabic hamza marks). */
export class Vocabulary {
  private readonly words = new Set<string>();
  private readonly byFold = new Map<string, string[]>();
  private readonly byLength = new Map<number, string[]>();

  constructor(words: Iterable<string>) {
    for (const w of words) {
      if (!w || this.words.has(w)) continue;
      this.words.add(w);
      const f = fold(w);
      const same = this.byFold.get(f);
      if (same) {
        same.push(w);
        continue;
      }
      this.byFold.set(f, [w]);
      const list = this.byLength.get(f.length) ?? [];
      list.push(f);
      this.byLength.set(f.length, list);
    }
  }

  get size(): number {
    return this.words.size;
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  /** The indexed words equal to a word up to case and accents ("café" is "cafe"). */
  spellings(word: string): string[] {
    return this.byFold.get(fold(word)) ?? [];
  }

  /** Whether an indexed word starts with this one (the last word of a search is a prefix). */
  startsWith(prefix: string): boolean {
    const f = fold(prefix);
    for (const w of this.byFold.keys()) if (w.length > f.length && w.startsWith(f)) return true;
    return false;
  }

  /**
   * The indexed word closest to a word (by folded edit distance, at most `max`); ties go to the
   * word sharing the first letter, then the alphabetically first.
   */
  closest(word: string, max: number): string | null {
    const f = fold(word);
    let best: { word: string; score: number } | null = null;
    for (let len = f.length - max; len <= f.length + max; len++) {
      for (const w of this.byLength.get(len) ?? []) {
        const d = editDistance(f, w, max);
        if (d > max) continue;
        const score = d * 2 + (w[0] === f[0] ? 0 : 1);
        const original = (this.byFold.get(w) ?? [w])[0] as string;
        if (!best || score < best.score || (score === best.score && original < best.word)) {
          best = { word: original, score };
        }
      }
    }
    return best?.word ?? null;
  }

  /** Indexed words equal to a word up to accents, or one edit away from it. */
  neighbours(word: string): string[] {
    const f = fold(word);
    const found: string[] = [];
    for (const len of [f.length, f.length - 1, f.length + 1]) {
      for (const w of this.byLength.get(len) ?? []) {
        if (withinOneEdit(f, w)) found.push(...(this.byFold.get(w) ?? []));
        if (found.length >= MAX_NEIGHBOURS) return found.slice(0, MAX_NEIGHBOURS);
      }
    }
    return found;
  }
}

/** The singular or plural of a word when the index holds it ("shirts" also finds "shirt"). */
function numberVariants(word: string, vocabulary: Vocabulary): string[] {
  const candidates = word.endsWith("es") ? [word.slice(0, -1), word.slice(0, -2)] : [];
  if (word.endsWith("s")) candidates.push(word.slice(0, -1));
  else candidates.push(`${word}s`);
  return candidates.filter((c) => c.length >= MIN_TYPO_LENGTH && c !== word && vocabulary.has(c));
}

/**
 * A query word: the word and the indexed words that stand for it (spellings, singular or plural,
 * typos), each matched whole anywhere; `prefix`, the last word as typed, also matched as the start
 * of a word of the name, brand, shop, category or attributes.
 */
export interface SearchTerm {
  alternatives: string[];
  prefix: string | null;
}

/**
 * Whether a search word may be a typo: long enough, unknown to the index even up to accents and,
 * when the shopper may still be typing it (`typing`), starting no indexed word ("lap", "jea").
 */
export function mayBeTypo(term: string, vocabulary: Vocabulary, typing: boolean): boolean {
  return (
    term.length >= MIN_TYPO_LENGTH &&
    vocabulary.spellings(term).length === 0 &&
    !(typing && vocabulary.startsWith(term))
  );
}

export function expandQuery(text: string, vocabulary: Vocabulary): SearchTerm[] {
  const terms = queryTerms(text);
  return terms.map((term, index) => {
    const last = index === terms.length - 1;
    const prefix = last && term.length >= MIN_PREFIX_LENGTH ? term : null;
    const words = mayBeTypo(term, vocabulary, last) ? vocabulary.neighbours(term) : vocabulary.spellings(term);
    const variants = words.flatMap((w) => numberVariants(w, vocabulary));
    return { alternatives: [...new Set([term, ...words, ...variants])], prefix };
  });
}

/** The FTS5 columns and PostgreSQL weights a prefix is matched in: all but the description. */
const PREFIX_COLUMNS = "{name brand shop category attributes}";
const PREFIX_WEIGHTS = "ABC";

/** An FTS5 MATCH expression; every word is a quoted string, so user input cannot use FTS syntax. */
export function ftsMatch(terms: SearchTerm[]): string {
  const quoted = (w: string) => `"${w.replaceAll('"', '""')}"`;
  return terms
    .map(({ alternatives, prefix }) => {
      const words = alternatives.map(quoted);
      if (prefix) words.push(`${PREFIX_COLUMNS} : ${quoted(prefix)}*`);
      return words.length === 1 ? words[0] : `(${words.join(" OR ")})`;
    })
    .join(" AND ");
}

/** A to_tsquery('simple', ...) expression; every word is a quoted lexeme. */
export function tsQuery(terms: SearchTerm[]): string {
  const quoted = (w: string) => `'${w.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
  return terms
    .map(({ alternatives, prefix }) => {
      const words = alternatives.map(quoted);
      if (prefix) words.push(`${quoted(prefix)}:*${PREFIX_WEIGHTS}`);
      return words.length === 1 ? words[0] : `(${words.join(" | ")})`;
    })
    .join(" & ");
}

const vocabularies = new WeakMap<Db, { vocabulary: Vocabulary; loadedAt: number }>();

/** The index's words, cached for a few minutes per database. */
export async function vocabularyOf(dbh: DbHandle): Promise<Vocabulary> {
  const cached = vocabularies.get(dbh.db);
  if (cached && clock.ms() - cached.loadedAt < VOCABULARY_TTL_MS) return cached.vocabulary;
  const vocabulary = new Vocabulary(await repo.indexWords(dbh));
  vocabularies.set(dbh.db, { vocabulary, loadedAt: clock.ms() });
  return vocabulary;
}

/** Forget the cached words, e.g. after the search index was rebuilt. */
export function forgetVocabulary(dbh: DbHandle): void {
  vocabularies.delete(dbh.db);
}

/**
 * The products matching any word of a search (`repo.matchingProducts`): more matched words first,
 * then ascending rank; null when the text holds no searchable word.
 */
export async function searchMatches(dbh: DbHandle, text: string): Promise<repo.SearchMatches | null> {
  const terms = expandQuery(text, await vocabularyOf(dbh));
  if (terms.length === 0) return null;
  return repo.matchingProducts(
    dbh.pg,
    terms.map((term) => (dbh.pg ? tsQuery([term]) : ftsMatch([term]))),
  );
}

/** Optimal string alignment distance, giving up (returning max + 1) beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * "Did you mean": the search with each word the index does not know (and does not start) replaced
 * by the closest indexed word, at most two edits away (one for words under five letters); null
 * when no word changes. Bounded: at most MAX_TERMS words, each compared with the indexed words of
 * a similar length once.
 */
export function correctedQuery(text: string, vocabulary: Vocabulary): string | null {
  const terms = queryTerms(text);
  let changed = false;
  const words = terms.map((term) => {
    if (!mayBeTypo(term, vocabulary, true)) return term;
    const best = vocabulary.closest(term, term.length < 5 ? 1 : 2);
    if (!best) return term;
    changed = true;
    return best;
  });
  return changed ? words.join(" ") : null;
}

/** The corrected search of `text` from the index's words, or null. */
export async function didYouMean(dbh: DbHandle, text: string): Promise<string | null> {
  return correctedQuery(text, await vocabularyOf(dbh));
}

/** Refills the search index from the catalogue and forgets the cached words. */
export async function rebuildSearchIndex(dbh: DbHandle): Promise<void> {
  await repo.refillSearchIndex(dbh);
  forgetVocabulary(dbh);
}

export const SEARCH_INDEX_JOB = "search-index";
/** products per job: an import or a renamed category queues several */
const IDS_PER_JOB = 200;
const INDEX_RETRIES = 3;

export type IndexDeps = Pick<AppDeps, "dbh" | "jobs">;

/**
 * Queues the rewrite of products' index rows (removed for products that are gone). In the caller's
 * transaction when `deps.dbh.db` is one, so the rows follow a change only once it commits. Their
 * new words are found as soon as the job ran (the last query word is matched as a prefix as well);
 * the cached vocabulary, which only widens typos, catches up within minutes.
 */
export async function queueIndexing(deps: IndexDeps, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += IDS_PER_JOB) {
    await deps.jobs.send(SEARCH_INDEX_JOB, { ids: unique.slice(i, i + IDS_PER_JOB) }, { db: deps.dbh.db });
  }
}

/** Writes products' index rows anew from the catalogue, in one transaction. */
export function indexProducts(dbh: DbHandle, ids: number[]): Promise<void> {
  return writeTransaction(dbh, (trx) => repo.reindexProducts(trx, dbh.pg, ids));
}

export function registerSearchIndexJob(deps: IndexDeps & Pick<AppDeps, "config">): void {
  deps.jobs.register(
    SEARCH_INDEX_JOB,
    async (data) => {
      const ids = (Array.isArray(data.ids) ? data.ids : []).map(Number).filter(Number.isSafeInteger);
      await indexProducts(deps.dbh, ids.slice(0, IDS_PER_JOB));
    },
    { retryLimit: INDEX_RETRIES, retryDelaySeconds: deps.config.JOB_RETRY_SECONDS },
  );
}
