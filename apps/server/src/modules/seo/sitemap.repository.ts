import type { Db } from "../../db/index.ts";
import { listedProduct } from "../../db/listing.ts";

// The public rows the sitemaps list, a page at a time in id order (so pages stay stable while
// rows are added), and how many there are.

const total = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

export async function countProducts(db: Db): Promise<number> {
  return total(
    await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where(listedProduct())
      .executeTakeFirst(),
  );
}

export function products(db: Db, offset: number, limit: number) {
  return db
    .selectFrom("products")
    .select(["id", "slug", "created_at", "updated_at"])
    .where(listedProduct())
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countShops(db: Db): Promise<number> {
  return total(
    await db
      .selectFrom("shops")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "active")
      .executeTakeFirst(),
  );
}

export function shops(db: Db, offset: number, limit: number) {
  return db
    .selectFrom("shops")
    .select(["id", "created_at"])
    .where("status", "=", "active")
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countCategories(db: Db): Promise<number> {
  return total(
    await db
      .selectFrom("categories")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst(),
  );
}

export function categories(db: Db, offset: number, limit: number) {
  return db.selectFrom("categories").select(["id", "slug"]).orderBy("id").offset(offset).limit(limit).execute();
}

export async function countBlogPosts(db: Db): Promise<number> {
  return total(
    await db
      .selectFrom("blog_posts")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst(),
  );
}

export function blogPosts(db: Db, offset: number, limit: number) {
  return db
    .selectFrom("blog_posts")
    .select(["id", "slug", "created_at"])
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countPages(db: Db): Promise<number> {
  return total(
    await db
      .selectFrom("pages")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst(),
  );
}

export function pages(db: Db, offset: number, limit: number) {
  return db.selectFrom("pages").select(["id", "slug"]).orderBy("id").offset(offset).limit(limit).execute();
}
