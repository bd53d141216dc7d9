import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

// Writing the search index's rows (`product_search`: FTS5 on SQLite, tsvector on PostgreSQL): the
// texts of each product in every language. The catalogue's search repository and the migration
// that rebuilt the index both use it, so it lives with the database code.

type Db = Kysely<Database>;

/** One product's searchable texts, every language joined. */
export interface IndexDocument {
  id: number;
  name: string;
  brand: string;
  shop: string;
  category: string;
  attributes: string;
  description: string;
}

const INDEX_BATCH = 200;
const DESCRIPTION_CHARS = 4000;

type Translations = Record<string, Record<string, unknown> | undefined>;

function parseI18n(json: string | null | undefined): Translations {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" ? (value as Translations) : {};
  } catch {
    return {};
  }
}

/** A field in the base language plus every translation of it. */
function allLanguages(base: string | null | undefined, i18n: string | null | undefined, field: string): string {
  const texts = [base ?? ""];
  for (const lang of Object.values(parseI18n(i18n))) {
    const v = lang?.[field];
    if (typeof v === "string") texts.push(v);
  }
  return [...new Set(texts.filter(Boolean))].join(" ");
}

/** Text of an HTML fragment: tags and entities become spaces. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[#\w]+;/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, DESCRIPTION_CHARS);
}

/** The index documents of the given products (no matter whether published). */
export async function documents(db: Db, ids: number[]): Promise<IndexDocument[]> {
  if (ids.length === 0) return [];
  const [products, colors, sizes] = await Promise.all([
    db
      .selectFrom("products as p")
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .leftJoin("sub_categories as sc", "sc.id", "p.sub_category_id")
      .leftJoin("brands as b", "b.id", "p.brand_id")
      .select([
        "p.id",
        "p.name",
        "p.i18n",
        "p.short_description",
        "p.description",
        "s.name as shop",
        "c.name as category",
        "c.i18n as category_i18n",
        "sc.name as sub_category",
        "sc.i18n as sub_category_i18n",
        "b.name as brand",
      ])
      .where("p.id", "in", ids)
      .execute(),
    db
      .selectFrom("product_colors as pc")
      .innerJoin("colors as k", "k.id", "pc.color_id")
      .select(["pc.product_id", "k.name", "k.i18n"])
      .where("pc.product_id", "in", ids)
      .execute(),
    db
      .selectFrom("product_sizes as ps")
      .innerJoin("sizes as z", "z.id", "ps.size_id")
      .select(["ps.product_id", "z.name"])
      .where("ps.product_id", "in", ids)
      .execute(),
  ]);
  return products.map((p) => {
    const attributes = [
      ...colors.filter((k) => k.product_id === p.id).map((k) => allLanguages(k.name, k.i18n, "name")),
      ...sizes.filter((z) => z.product_id === p.id).map((z) => z.name),
    ];
    const descriptions = [
      allLanguages(p.short_description, p.i18n, "short_description"),
      allLanguages(p.description, p.i18n, "description"),
    ];
    return {
      id: Number(p.id),
      name: allLanguages(p.name, p.i18n, "name"),
      brand: p.brand ?? "",
      shop: p.shop,
      category: [
        allLanguages(p.category, p.category_i18n, "name"),
        allLanguages(p.sub_category, p.sub_category_i18n, "name"),
      ].join(" "),
      attributes: attributes.join(" "),
      description: plainText(descriptions.join(" ")),
    };
  });
}

/**
 * Writes index rows. SQLite: one FTS5 row per product (rowid = product id). PostgreSQL: one
 * tsvector per product, weighted A name, B brand, C shop, category, colours and sizes, D description.
 * Unpublished products are indexed too: every search joins products and keeps the listed ones.
 */
export async function insertDocuments(db: Db, pg: boolean, docs: IndexDocument[]): Promise<void> {
  if (docs.length === 0) return;
  if (pg) {
    const rows = docs.map(
      (d) => sql`(${d.id},
        setweight(to_tsvector('simple', ${d.name}), 'A')
        || setweight(to_tsvector('simple', ${d.brand}), 'B')
        || setweight(to_tsvector('simple', ${`${d.shop} ${d.category} ${d.attributes}`}), 'C')
        || setweight(to_tsvector('simple', ${d.description}), 'D'))`,
    );
    await sql`insert into product_search (product_id, document) values ${sql.join(rows)}`.execute(db);
    return;
  }
  const rows = docs.map(
    (d) => sql`(${d.id}, ${d.name}, ${d.brand}, ${d.shop}, ${d.category}, ${d.attributes}, ${d.description})`,
  );
  await sql`insert into product_search (rowid, name, brand, shop, category, attributes, description)
    values ${sql.join(rows)}`.execute(db);
}

/** Refills `product_search` from the whole catalogue, in the caller's transaction. */
export async function refillRows(db: Db, pg: boolean): Promise<void> {
  await sql`delete from product_search`.execute(db);
  let after = 0;
  for (;;) {
    const batch = await db
      .selectFrom("products")
      .select("id")
      .where("id", ">", after)
      .orderBy("id")
      .limit(INDEX_BATCH)
      .execute();
    if (batch.length === 0) return;
    const ids = batch.map((r) => Number(r.id));
    await insertDocuments(db, pg, await documents(db, ids));
    after = ids[ids.length - 1] as number;
  }
}
