import { type Kysely, sql } from "kysely";
import { createTableWithId, type MigrationContext } from "./table.ts";

// Booleans are 0/1 integers and timestamps ISO-8601 text on both engines, so rows read the
// same from SQLite and PostgreSQL (see docs/decisions.md). Money is integer minor units.
export function catalogMigration({ pg }: MigrationContext) {
  const real = pg ? "double precision" : "real";
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not today's types
    async up(db: Kysely<any>) {
      const table = (name: string) => createTableWithId(db, { pg }, name);

      await db.schema
        .createTable("settings")
        .addColumn("key", "varchar(100)", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();

      await table("languages")
        .addColumn("locale", "varchar(10)", (c) => c.notNull().unique())
        .addColumn("name", "varchar(60)", (c) => c.notNull())
        .addColumn("title", "varchar(60)", (c) => c.notNull())
        .addColumn("direction", "varchar(3)", (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await table("translations")
        .addColumn("locale", "varchar(10)", (c) => c.notNull())
        .addColumn("key", "varchar(200)", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addUniqueConstraint("translations_locale_key", ["locale", "key"])
        .execute();

      await table("currencies")
        .addColumn("name", "varchar(10)", (c) => c.notNull().unique())
        .addColumn("symbol", "varchar(10)", (c) => c.notNull())
        .addColumn("position", "varchar(6)", (c) => c.notNull())
        .addColumn("rate", real, (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await table("countries")
        .addColumn("name", "varchar(80)", (c) => c.notNull())
        .addColumn("code", "varchar(2)", (c) => c.notNull().unique())
        .addColumn("phone_code", "varchar(8)", (c) => c.notNull())
        .execute();

      await table("menus")
        .addColumn("name", "varchar(60)", (c) => c.notNull())
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addColumn("url", "varchar(500)", (c) => c.notNull())
        .addColumn("target", "varchar(10)", (c) => c.notNull().defaultTo("_self"))
        .addColumn("is_external", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("footers")
        .addColumn("title", "varchar(120)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("footer_items")
        .addColumn("footer_id", "integer", (c) => c.notNull().references("footers.id").onDelete("cascade"))
        .addColumn("type", "varchar(20)", (c) => c.notNull())
        .addColumn("title", "varchar(300)", (c) => c.notNull())
        .addColumn("url", "varchar(500)")
        .addColumn("target", "varchar(10)")
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("social_links")
        .addColumn("name", "varchar(60)", (c) => c.notNull())
        .addColumn("link", "varchar(500)", (c) => c.notNull())
        .addColumn("logo", "varchar(500)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await table("banners")
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("subtitle", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("image", "varchar(500)", (c) => c.notNull())
        .addColumn("url", "varchar(500)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("users")
        .addColumn("name", "varchar(100)", (c) => c.notNull())
        .addColumn("email", "varchar(254)", (c) => c.unique())
        .addColumn("phone", "varchar(20)", (c) => c.unique())
        .addColumn("phone_code", "varchar(8)")
        .addColumn("country", "varchar(80)")
        .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
        .addColumn("profile_photo", "varchar(500)")
        .addColumn("role", "varchar(10)", (c) => c.notNull().defaultTo("customer"))
        .addColumn("is_guest", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("verified_at", "varchar(30)")
        .addColumn("last_online", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();

      await table("shops")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("slug", "varchar(140)", (c) => c.notNull().unique())
        .addColumn("prefix", "varchar(4)", (c) => c.notNull())
        .addColumn("logo", "varchar(500)", (c) => c.notNull())
        .addColumn("banner", "varchar(500)", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("address", "varchar(300)", (c) => c.notNull().defaultTo(""))
        .addColumn("rating", real, (c) => c.notNull().defaultTo(0))
        .addColumn("total_reviews", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("delivery_charge", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("estimated_delivery_time", "varchar(40)", (c) => c.notNull())
        .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("active"))
        .addColumn("last_online", "varchar(30)")
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("categories")
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("slug", "varchar(140)", (c) => c.notNull().unique())
        .addColumn("thumbnail", "varchar(500)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("sub_categories")
        .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("slug", "varchar(140)", (c) => c.notNull().unique())
        .addColumn("thumbnail", "varchar(500)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("brands")
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("slug", "varchar(140)", (c) => c.notNull().unique())
        .addColumn("logo", "varchar(500)", (c) => c.notNull())
        .execute();

      await table("sizes")
        .addColumn("name", "varchar(40)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();

      await table("colors")
        .addColumn("name", "varchar(40)", (c) => c.notNull())
        .addColumn("color_code", "varchar(9)", (c) => c.notNull())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("units")
        .addColumn("name", "varchar(40)", (c) => c.notNull())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("vat_taxes")
        .addColumn("name", "varchar(60)", (c) => c.notNull())
        .addColumn("rate_bp", "integer", (c) => c.notNull()) // basis points: 1500 = 15 %
        .execute();

      await table("products")
        .addColumn("shop_id", "integer", (c) => c.notNull().references("shops.id"))
        .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
        .addColumn("sub_category_id", "integer", (c) => c.references("sub_categories.id"))
        .addColumn("brand_id", "integer", (c) => c.references("brands.id"))
        .addColumn("unit_id", "integer", (c) => c.references("units.id"))
        .addColumn("vat_tax_id", "integer", (c) => c.references("vat_taxes.id"))
        .addColumn("name", "varchar(200)", (c) => c.notNull())
        .addColumn("slug", "varchar(220)", (c) => c.notNull())
        .addColumn("short_description", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("thumbnail", "varchar(500)", (c) => c.notNull())
        .addColumn("price", "integer", (c) => c.notNull())
        .addColumn("discount_price", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("rating", real, (c) => c.notNull().defaultTo(0))
        .addColumn("total_reviews", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("total_sold", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("meta_title", "varchar(200)", (c) => c.notNull().defaultTo(""))
        .addColumn("meta_description", "varchar(500)", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();
      for (const col of ["shop_id", "category_id", "sub_category_id", "brand_id", "created_at", "price"]) {
        await db.schema.createIndex(`products_${col}`).on("products").column(col).execute();
      }

      await table("product_sizes")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("size_id", "integer", (c) => c.notNull().references("sizes.id"))
        .addColumn("price", "integer", (c) => c.notNull().defaultTo(0)) // surcharge
        .addUniqueConstraint("product_sizes_unique", ["product_id", "size_id"])
        .execute();

      await table("product_colors")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("color_id", "integer", (c) => c.notNull().references("colors.id"))
        .addColumn("price", "integer", (c) => c.notNull().defaultTo(0)) // surcharge
        .addUniqueConstraint("product_colors_unique", ["product_id", "color_id"])
        .execute();
      await db.schema.createIndex("product_colors_color").on("product_colors").column("color_id").execute();
      await db.schema.createIndex("product_sizes_size").on("product_sizes").column("size_id").execute();

      // One stock row per size x colour of a product; 0 stands for "no size" / "no colour".
      await table("product_variants")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("size_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("color_id", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("product_variants_unique", ["product_id", "size_id", "color_id"])
        .execute();

      await table("product_images")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("url", "varchar(500)", (c) => c.notNull())
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("product_images_product").on("product_images").column("product_id").execute();

      await table("flash_sales")
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("thumbnail", "varchar(500)", (c) => c.notNull())
        .addColumn("start_date", "varchar(30)", (c) => c.notNull())
        .addColumn("end_date", "varchar(30)", (c) => c.notNull())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("flash_sale_items")
        .addColumn("flash_sale_id", "integer", (c) => c.notNull().references("flash_sales.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
        .addColumn("sale_price", "integer", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull()) // cap of units sold at the sale price
        .addColumn("sold", "integer", (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint("flash_sale_items_unique", ["flash_sale_id", "product_id"])
        .execute();
      await db.schema.createIndex("flash_sale_items_product").on("flash_sale_items").column("product_id").execute();

      await table("reviews")
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("rating", "integer", (c) => c.notNull())
        .addColumn("comment", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("reviews_product").on("reviews").column("product_id").execute();

      await table("blog_categories")
        .addColumn("name", "varchar(120)", (c) => c.notNull())
        .addColumn("slug", "varchar(140)", (c) => c.notNull().unique())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("blog_posts")
        .addColumn("category_id", "integer", (c) => c.notNull().references("blog_categories.id"))
        .addColumn("author_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("slug", "varchar(220)", (c) => c.notNull().unique())
        .addColumn("thumbnail", "varchar(500)", (c) => c.notNull())
        .addColumn("excerpt", "varchar(600)", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("tags", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("total_views", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(30)", (c) => c.notNull())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      await table("pages")
        .addColumn("slug", "varchar(140)", (c) => c.notNull().unique())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("i18n", "text", (c) => c.notNull().defaultTo("{}"))
        .execute();

      // Full-text index over name, brand, shop and category (all languages of the name).
      if (pg) {
        await sql`create table product_search (
          product_id integer primary key references products(id) on delete cascade,
          document tsvector not null)`.execute(db);
        await sql`create index product_search_document on product_search using gin (document)`.execute(db);
      } else {
        await sql`create virtual table product_search using fts5(
          name, brand, shop, category, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      }
    },
  };
}
