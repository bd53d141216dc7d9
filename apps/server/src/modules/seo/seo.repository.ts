import type { Db } from "../../db/index.ts";
import { listedProduct } from "../../db/listing.ts";

// The rows the initial HTML of product, shop, category and blog URLs describes.

export function product(db: Db, id: number) {
  return db
    .selectFrom("products as p")
    .leftJoin("sub_categories as sc", "sc.id", "p.sub_category_id")
    .select([
      "p.id",
      "p.name",
      "p.slug",
      "p.thumbnail",
      "p.short_description",
      "p.meta_title",
      "p.meta_description",
      "p.i18n",
      "sc.id as sub_category_id",
      "sc.name as sub_category_name",
      "sc.i18n as sub_category_i18n",
    ])
    .where("p.id", "=", id)
    .where(listedProduct("p"))
    .executeTakeFirst();
}

export function shop(db: Db, id: number) {
  return db
    .selectFrom("shops")
    .select(["id", "name", "logo", "banner", "description", "i18n"])
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
}

/** A category by slug, or by id as the category menu links it. */
export function category(db: Db, slugOrId: string) {
  const q = db.selectFrom("categories").select(["id", "name", "slug", "thumbnail", "i18n"]);
  return (
    /^\d{1,9}$/.test(slugOrId) ? q.where("id", "=", Number(slugOrId)) : q.where("slug", "=", slugOrId)
  ).executeTakeFirst();
}

export function subCategoryNames(db: Db, categoryId: number) {
  return db
    .selectFrom("sub_categories")
    .select(["name", "i18n"])
    .where("category_id", "=", categoryId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

export function blogPost(db: Db, slug: string) {
  return db
    .selectFrom("blog_posts")
    .select(["slug", "title", "excerpt", "thumbnail", "created_at", "i18n"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

export function flashSale(db: Db, id: number) {
  return db
    .selectFrom("flash_sales")
    .select(["id", "name", "thumbnail", "i18n"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function brand(db: Db, slug: string) {
  return db.selectFrom("brands").select(["name", "slug", "logo"]).where("slug", "=", slug).executeTakeFirst();
}

export function page(db: Db, slug: string) {
  return db.selectFrom("pages").select(["slug", "title", "body", "i18n"]).where("slug", "=", slug).executeTakeFirst();
}

export async function setting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return row.value;
  }
}

export async function defaultCurrency(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom("currencies").select("name").where("is_default", "=", 1).executeTakeFirst();
  return row?.name;
}
