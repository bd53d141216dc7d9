import { type RawBuilder, sql } from "kysely";
import type { DbHandle } from "../../db/index.ts";

// The search index's SQL: FTS5 on SQLite, tsvector on PostgreSQL (search.ts has the word rules).

/** Every word the index holds (for typo tolerance). */
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
 * A derived table `(product_id, rank)` of the products matching a full-text expression (FTS5 MATCH
 * on SQLite, to_tsquery on PostgreSQL), best first by ascending rank.
 */
export function matchingProducts(pg: boolean, expression: string): RawBuilder<unknown> {
  if (pg) {
    return sql`(select product_id, -ts_rank(document, q.query) as rank
      from product_search, to_tsquery('simple', ${expression}) as q(query)
      where document @@ q.query)`;
  }
  // bm25 is lower for better matches; the name counts most, then brand, shop, category.
  return sql`(select rowid as product_id, bm25(product_search, 10.0, 4.0, 3.0, 2.0) as rank
    from product_search where product_search match ${expression})`;
}

/**
 * The index rows of the products `where` selects (all when undefined). The name column holds the
 * English name plus its Arabic and French translations, so a search in any shipped language finds
 * the product. SQLite: FTS5 row per product (rowid = product id; columns name, brand, shop,
 * category). PostgreSQL: one tsvector per product, weighted A name, B brand, C shop and category.
 * Unpublished products are indexed too: every search joins products and keeps `is_active = 1`.
 */
function insertRows(pg: boolean, where?: RawBuilder<unknown>): RawBuilder<unknown> {
  const filter = where ? sql`where ${where}` : sql``;
  if (pg) {
    return sql`
        insert into product_search (product_id, document)
        select p.id,
          setweight(to_tsvector('simple', concat_ws(' ', p.name,
            (p.i18n::jsonb -> 'ar' ->> 'name'), (p.i18n::jsonb -> 'fr' ->> 'name'))), 'A')
          || setweight(to_tsvector('simple', coalesce(b.name, '')), 'B')
          || setweight(to_tsvector('simple', concat_ws(' ', s.name, c.name,
            (c.i18n::jsonb -> 'ar' ->> 'name'), (c.i18n::jsonb -> 'fr' ->> 'name'), sc.name)), 'C')
        from products p
        join shops s on s.id = p.shop_id
        join categories c on c.id = p.category_id
        left join sub_categories sc on sc.id = p.sub_category_id
        left join brands b on b.id = p.brand_id
        ${filter}`;
  }
  return sql`
        insert into product_search (rowid, name, brand, shop, category)
        select p.id,
          p.name || ' ' || coalesce(json_extract(p.i18n, '$.ar.name'), '') || ' ' || coalesce(json_extract(p.i18n, '$.fr.name'), ''),
          coalesce(b.name, ''),
          s.name,
          c.name || ' ' || coalesce(json_extract(c.i18n, '$.ar.name'), '') || ' ' || coalesce(json_extract(c.i18n, '$.fr.name'), '')
            || ' ' || coalesce(sc.name, '')
        from products p
        join shops s on s.id = p.shop_id
        join categories c on c.id = p.category_id
        left join sub_categories sc on sc.id = p.sub_category_id
        left join brands b on b.id = p.brand_id
        ${filter}`;
}

/** Refills `product_search` from the whole catalogue. */
export async function refillSearchIndex(dbh: DbHandle): Promise<void> {
  await dbh.db.transaction().execute(async (trx) => {
    await sql`delete from product_search`.execute(trx);
    await insertRows(dbh.pg).execute(trx);
  });
}

/** Removes products' rows from the index. */
export async function deleteIndexRows(dbh: DbHandle, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids.map((id) => sql`${id}`));
  if (dbh.pg) await sql`delete from product_search where product_id in (${list})`.execute(dbh.db);
  else await sql`delete from product_search where rowid in (${list})`.execute(dbh.db);
}

/** Writes one product's row anew (run it inside the transaction that changed the product). */
export async function reindexProduct(dbh: DbHandle, id: number): Promise<void> {
  await deleteIndexRows(dbh, [id]);
  await insertRows(dbh.pg, sql`p.id = ${id}`).execute(dbh.db);
}
