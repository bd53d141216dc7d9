import { type RawBuilder, sql } from "kysely";
import type { Db, DbHandle } from "../../db/index.ts";
import { documents, insertDocuments, refillRows } from "../../db/search-index.ts";

// The search index's SQL: FTS5 on SQLite, tsvector on PostgreSQL (search.ts has the word rules).

/** Every word the index holds (for typo tolerance and "did you mean"). */
export async function indexWords(dbh: DbHandle): Promise<string[]> {
  if (dbh.pg) {
    const { rows } = await sql<{
      word: string;
    }>`select word from ts_stat('select document from product_search')`.execute(dbh.db);
    return rows.map((r) => r.word);
  }
  await sql`create virtual table if not exists temp.product_search_vocab using fts5vocab(main, product_search, row)`.execute(
    dbh.db,
  );
  const { rows } = await sql<{ term: string }>`select term from temp.product_search_vocab`.execute(dbh.db);
  return rows.map((r) => r.term);
}

/**
 * The products matching ANY of the query words (each given as its own FTS5 / tsquery expression),
 * as a derived table: ranked, `(product_id, matched, rank)`, where `matched` counts the words a
 * product matches (more is better) and `rank` orders equal counts (ascending); unranked, only
 * `product_id`, for counts and facets, which would otherwise pay for a rank they never read. The OR
 * of all words selects the rows through the index; each word's own test only runs on those rows.
 */
export type SearchMatches = (ranked: boolean) => RawBuilder<unknown>;

export function matchingProducts(pg: boolean, expressions: string[]): SearchMatches {
  // One word: every match matches it, and the index is searched once, not twice.
  const one = expressions.length === 1;
  if (pg) {
    const any = expressions.map((e) => `(${e})`).join(" | ");
    const matched = sql.join(
      expressions.map((e) => sql`(case when document @@ to_tsquery('simple', ${e}) then 1 else 0 end)`),
      sql` + `,
    );
    return (ranked) =>
      ranked
        ? sql`(select product_id, ${one ? sql`1` : matched} as matched, -ts_rank(document, q.query) as rank
            from product_search, to_tsquery('simple', ${any}) as q(query)
            where document @@ q.query)`
        : sql`(select product_id from product_search where document @@ to_tsquery('simple', ${any}))`;
  }
  const any = expressions.map((e) => `(${e})`).join(" OR ");
  const matched = sql.join(
    expressions.map((e) => sql`(rowid in (select rowid from product_search where product_search match ${e}))`),
    sql` + `,
  );
  // bm25 is lower for better matches; the name counts most, then brand, shop, category, colours
  // and sizes, description.
  return (ranked) =>
    ranked
      ? sql`(select rowid as product_id, ${one ? sql`1` : matched} as matched,
            bm25(product_search, 10.0, 4.0, 3.0, 2.0, 3.0, 1.0) as rank
          from product_search where product_search match ${any})`
      : sql`(select rowid as product_id from product_search where product_search match ${any})`;
}

/**
 * Moves the catalogue's version where no trigger does: the search index, a virtual table on SQLite,
 * takes none. In the writer's transaction.
 */
async function moveCatalogVersion(db: Db): Promise<void> {
  await db
    .updateTable("catalog_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

/** Refills `product_search` from the whole catalogue. */
export async function refillSearchIndex(dbh: DbHandle): Promise<void> {
  await dbh.db.transaction().execute(async (trx) => {
    await refillRows(trx, dbh.pg);
    await moveCatalogVersion(trx);
  });
}

/** Writes products' rows anew: removed for products that are gone (run it in a transaction). */
export async function reindexProducts(db: Db, pg: boolean, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids.map((id) => sql`${id}`));
  if (pg) await sql`delete from product_search where product_id in (${list})`.execute(db);
  else await sql`delete from product_search where rowid in (${list})`.execute(db);
  await insertDocuments(db, pg, await documents(db, ids));
  await moveCatalogVersion(db);
}
