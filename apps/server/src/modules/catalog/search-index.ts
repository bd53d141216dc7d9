import { sql } from "kysely";
import type { DbHandle } from "../../db/index.ts";
import { forgetVocabulary } from "./search.ts";

/**
 * Refills `product_search` from the catalogue. The name column holds the English name plus its
 * Arabic and French translations, so a search in any shipped language finds the product.
 * SQLite: FTS5 row per product (rowid = product id; columns name, brand, shop, category).
 * PostgreSQL: one tsvector per product, weighted A name, B brand, C shop and category.
 */
export async function rebuildSearchIndex(dbh: DbHandle): Promise<void> {
  await dbh.db.transaction().execute(async (trx) => {
    await sql`delete from product_search`.execute(trx);
    if (dbh.pg) {
      await sql`
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
        left join brands b on b.id = p.brand_id`.execute(trx);
    } else {
      await sql`
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
        left join brands b on b.id = p.brand_id`.execute(trx);
    }
  });
  forgetVocabulary(dbh);
}
