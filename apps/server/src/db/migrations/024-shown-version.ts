import { type Kysely, type Migration, sql } from "kysely";
import type { MigrationContext } from "./table.ts";

// `products.shown_version` moves whenever anything a shopper sees of the product changes: its row,
// its stock, sizes, colours and images, its reviews, and the names of its shop, category, brand,
// unit, tax, sizes, colours and reviewers. Triggers move it, so every writer (the Seller Centre, the
// admin, orders, returns, imports, a hand-written UPDATE) keeps it in step; the catalogue keeps what
// it built of a product until the number moves (modules/catalog/shown.ts, docs/decisions.md).

/** Every column of `products` whose change a shopper may see: all but `id`, `views` and the version. */
export const SHOWN_PRODUCT_COLUMNS = [
  "shop_id",
  "category_id",
  "sub_category_id",
  "brand_id",
  "unit_id",
  "vat_tax_id",
  "name",
  "slug",
  "short_description",
  "description",
  "thumbnail",
  "price",
  "discount_price",
  "rating",
  "total_reviews",
  "total_sold",
  "is_active",
  "meta_title",
  "meta_description",
  "created_at",
  "updated_at",
  "moderation",
  "moderation_reason",
  "i18n",
];

/**
 * The other tables a product's answers read: the columns whose update moves the version (null:
 * any), whether inserts and deletes do too, and the products of a row `$` (its `new` or `old`).
 */
const SOURCES: Array<[table: string, columns: string[] | null, rows: boolean, products: string]> = [
  ["product_variants", null, true, "id = $.product_id"],
  ["product_sizes", null, true, "id = $.product_id"],
  ["product_colors", null, true, "id = $.product_id"],
  ["product_images", null, true, "id = $.product_id"],
  ["reviews", null, true, "id = $.product_id"],
  ["review_photos", null, true, "id = (select product_id from reviews where id = $.review_id)"],
  [
    "shops",
    ["name", "slug", "logo", "rating", "estimated_delivery_time", "delivery_charge", "i18n", "is_open"],
    false,
    "shop_id = $.id",
  ],
  ["categories", ["name", "slug", "i18n"], false, "category_id = $.id"],
  ["sub_categories", ["name", "i18n"], false, "sub_category_id = $.id"],
  ["brands", ["name", "slug"], false, "brand_id = $.id"],
  ["units", ["name", "i18n"], false, "unit_id = $.id"],
  ["vat_taxes", ["name", "rate_bp", "i18n"], false, "vat_tax_id = $.id"],
  ["sizes", ["name", "sort"], false, "id in (select product_id from product_sizes where size_id = $.id)"],
  [
    "colors",
    ["name", "color_code", "i18n"],
    false,
    "id in (select product_id from product_colors where color_id = $.id)",
  ],
  ["users", ["name", "profile_photo"], false, "id in (select product_id from reviews where user_id = $.id)"],
];

const bump = (products: string, row: "new" | "old") =>
  `update products set shown_version = shown_version + 1 where ${products.replaceAll("$", row)}`;
/** The products of the row before or after an update. */
const either = (products: string) => `(${products.replaceAll("$", "new")}) or (${products})`;
const ofColumns = (columns: string[] | null) => (columns ? ` of ${columns.join(", ")}` : "");

async function upSqlite(db: Kysely<unknown>) {
  // The inner UPDATE sets only the version, which no `update of` list names: it fires nothing more.
  await sql
    .raw(`create trigger products_shown_version after update${ofColumns(SHOWN_PRODUCT_COLUMNS)} on products
      begin ${bump("id = $.id", "new")}; end`)
    .execute(db);
  for (const [table, columns, rows, products] of SOURCES) {
    await sql
      .raw(`create trigger ${table}_shown_version_u after update${ofColumns(columns)} on ${table}
        begin ${bump(either(products), "old")}; end`)
      .execute(db);
    if (!rows) continue;
    await sql
      .raw(`create trigger ${table}_shown_version_i after insert on ${table} begin ${bump(products, "new")}; end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_shown_version_d after delete on ${table} begin ${bump(products, "old")}; end`)
      .execute(db);
  }
}

async function upPg(db: Kysely<unknown>) {
  await sql
    .raw(`create function products_shown_version() returns trigger language plpgsql as $f$
      begin new.shown_version := old.shown_version + 1; return new; end $f$`)
    .execute(db);
  await sql
    .raw(`create trigger products_shown_version before update${ofColumns(SHOWN_PRODUCT_COLUMNS)} on products
      for each row execute function products_shown_version()`)
    .execute(db);
  for (const [table, columns, rows, products] of SOURCES) {
    await sql
      .raw(`create function ${table}_shown_version() returns trigger language plpgsql as $f$
        begin
          if tg_op = 'INSERT' then ${bump(products, "new")};
          elsif tg_op = 'DELETE' then ${bump(products, "old")};
          else ${bump(either(products), "old")};
          end if;
          return null;
        end $f$`)
      .execute(db);
    const events = rows ? `insert or delete or update${ofColumns(columns)}` : `update${ofColumns(columns)}`;
    await sql
      .raw(`create trigger ${table}_shown_version after ${events} on ${table}
        for each row execute function ${table}_shown_version()`)
      .execute(db);
  }
}

export const shownVersionMigration = ({ pg }: MigrationContext): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("products")
      .addColumn("shown_version", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await (pg ? upPg(db) : upSqlite(db));
  },
  async down(db: Kysely<unknown>) {
    if (pg) {
      for (const [table] of SOURCES) await sql.raw(`drop function ${table}_shown_version() cascade`).execute(db);
      await sql.raw("drop function products_shown_version() cascade").execute(db);
    } else {
      await sql.raw("drop trigger products_shown_version").execute(db);
      for (const [table, , rows] of SOURCES) {
        await sql.raw(`drop trigger ${table}_shown_version_u`).execute(db);
        if (rows) for (const e of ["i", "d"]) await sql.raw(`drop trigger ${table}_shown_version_${e}`).execute(db);
      }
    }
    await db.schema.alterTable("products").dropColumn("shown_version").execute();
  },
});
