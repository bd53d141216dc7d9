import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/index.ts";
import { contains, countRows } from "../../db/queries.ts";
import type {
  BannersTable,
  BlogCategoriesTable,
  BlogPostsTable,
  FooterItemsTable,
  FootersTable,
  MenusTable,
  PagesTable,
} from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All SQL of the admin console's storefront content: banners, menus, footers, pages, blog.

/** The tables whose rows the admin orders by `sort` (footer items within their section). */
export type SortedTable = "banners" | "menus" | "footers" | "footer_items";

/** The ids of a sorted table in their order (within one footer section for items), bounded. */
export async function orderedIds(db: Db, table: SortedTable, footerId?: number): Promise<number[]> {
  // The four tables share id and sort; one query serves them all.
  let q = db.selectFrom(table as "footer_items").select("id");
  if (table === "footer_items" && footerId !== undefined) q = q.where("footer_id", "=", footerId);
  const rows = await q.orderBy("sort").orderBy("id").limit(1000).execute();
  return rows.map((r) => r.id);
}

export async function setSort(db: Db, table: SortedTable, id: number, sort: number): Promise<void> {
  await db
    .updateTable(table as "footer_items")
    .set({ sort })
    .where("id", "=", id)
    .execute();
}

/** The next sort value of a table (after its last row). */
export async function nextSort(db: Db, table: SortedTable, footerId?: number): Promise<number> {
  let q = db.selectFrom(table as "footer_items");
  if (table === "footer_items" && footerId !== undefined) q = q.where("footer_id", "=", footerId);
  const row = await q.select((eb) => eb.fn.max("sort").as("m")).executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function countOf(db: Db, table: SortedTable | "blog_categories", footerId?: number): Promise<number> {
  let q = db.selectFrom(table as "footer_items");
  if (table === "footer_items" && footerId !== undefined) q = q.where("footer_id", "=", footerId);
  return countRows(q);
}

// ---- banners ----

export function banners(db: Db) {
  return db.selectFrom("banners").selectAll().orderBy("sort").orderBy("id").limit(1000).execute();
}
export function bannerById(db: Db, id: number) {
  return db.selectFrom("banners").selectAll().where("id", "=", id).executeTakeFirst();
}
export async function insertBanner(db: Db, row: Insertable<BannersTable>): Promise<number> {
  const r = await db.insertInto("banners").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
export async function updateBanner(db: Db, id: number, row: Updateable<BannersTable>): Promise<void> {
  await db.updateTable("banners").set(row).where("id", "=", id).execute();
}
export async function deleteBanner(db: Db, id: number): Promise<void> {
  await db.deleteFrom("banners").where("id", "=", id).execute();
}

// ---- menus and footers ----

export function menus(db: Db) {
  return db.selectFrom("menus").selectAll().orderBy("sort").orderBy("id").limit(1000).execute();
}
export function menuById(db: Db, id: number) {
  return db.selectFrom("menus").selectAll().where("id", "=", id).executeTakeFirst();
}
export async function insertMenu(db: Db, row: Insertable<MenusTable>): Promise<number> {
  const r = await db.insertInto("menus").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
export async function updateMenu(db: Db, id: number, row: Updateable<MenusTable>): Promise<void> {
  await db.updateTable("menus").set(row).where("id", "=", id).execute();
}
export async function deleteMenu(db: Db, id: number): Promise<void> {
  await db.deleteFrom("menus").where("id", "=", id).execute();
}

export function footers(db: Db) {
  return db.selectFrom("footers").selectAll().orderBy("sort").orderBy("id").limit(1000).execute();
}
export function footerItems(db: Db) {
  return db
    .selectFrom("footer_items")
    .selectAll()
    .orderBy("footer_id")
    .orderBy("sort")
    .orderBy("id")
    .limit(10_000)
    .execute();
}
export function footerById(db: Db, id: number) {
  return db.selectFrom("footers").selectAll().where("id", "=", id).executeTakeFirst();
}
export function itemsOfFooter(db: Db, footerId: number) {
  return db
    .selectFrom("footer_items")
    .selectAll()
    .where("footer_id", "=", footerId)
    .orderBy("sort")
    .orderBy("id")
    .limit(1000)
    .execute();
}
export async function insertFooter(db: Db, row: Insertable<FootersTable>): Promise<number> {
  const r = await db.insertInto("footers").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
export async function updateFooter(db: Db, id: number, row: Updateable<FootersTable>): Promise<void> {
  await db.updateTable("footers").set(row).where("id", "=", id).execute();
}
/** A section and its items (SQLite may run without foreign-key cascades). */
export async function deleteFooter(db: Db, id: number): Promise<void> {
  await db.deleteFrom("footer_items").where("footer_id", "=", id).execute();
  await db.deleteFrom("footers").where("id", "=", id).execute();
}
export function footerItemById(db: Db, id: number) {
  return db.selectFrom("footer_items").selectAll().where("id", "=", id).executeTakeFirst();
}
export async function insertFooterItem(db: Db, row: Insertable<FooterItemsTable>): Promise<number> {
  const r = await db.insertInto("footer_items").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
export async function updateFooterItem(db: Db, id: number, row: Updateable<FooterItemsTable>): Promise<void> {
  await db.updateTable("footer_items").set(row).where("id", "=", id).execute();
}
export async function deleteFooterItem(db: Db, id: number): Promise<void> {
  await db.deleteFrom("footer_items").where("id", "=", id).execute();
}

// ---- static pages ----

export async function pagesPage(db: Db, search: string | undefined, page: PageWindow) {
  let q = db.selectFrom("pages");
  if (search) q = q.where((eb) => eb.or([contains("title", search), contains("slug", search)]));
  const [rows, total] = await Promise.all([
    q.select(["id", "slug", "title"]).orderBy("slug").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    countRows(q),
  ]);
  return { rows, total };
}
export function pageById(db: Db, id: number) {
  return db.selectFrom("pages").selectAll().where("id", "=", id).executeTakeFirst();
}
export function pageIdBySlug(db: Db, slug: string) {
  return db.selectFrom("pages").select("id").where("slug", "=", slug).executeTakeFirst();
}
export async function insertPage(db: Db, row: Insertable<PagesTable>): Promise<number> {
  const r = await db.insertInto("pages").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
export async function updatePage(db: Db, id: number, row: Updateable<PagesTable>): Promise<void> {
  await db.updateTable("pages").set(row).where("id", "=", id).execute();
}
export async function deletePage(db: Db, id: number): Promise<void> {
  await db.deleteFrom("pages").where("id", "=", id).execute();
}

// ---- blog ----

export async function postsPage(
  db: Db,
  f: { search?: string | undefined; category_id?: number | undefined },
  page: PageWindow,
) {
  let q = db.selectFrom("blog_posts as b").innerJoin("blog_categories as c", "c.id", "b.category_id");
  if (f.search) {
    const s = f.search;
    q = q.where((eb) => eb.or([contains("b.title", s), contains("b.slug", s)]));
  }
  if (f.category_id !== undefined) q = q.where("b.category_id", "=", f.category_id);
  const [rows, total] = await Promise.all([
    q
      .select(["b.id", "b.slug", "b.title", "b.thumbnail", "b.created_at", "c.name as category"])
      .orderBy("b.created_at", "desc")
      .orderBy("b.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(q),
  ]);
  return { rows, total };
}
export function postById(db: Db, id: number) {
  return db
    .selectFrom("blog_posts as b")
    .innerJoin("blog_categories as c", "c.id", "b.category_id")
    .selectAll("b")
    .select("c.name as category")
    .where("b.id", "=", id)
    .executeTakeFirst();
}
export function postIdBySlug(db: Db, slug: string) {
  return db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst();
}
export async function insertPost(db: Db, row: Insertable<BlogPostsTable>): Promise<number> {
  const r = await db.insertInto("blog_posts").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
export async function updatePost(db: Db, id: number, row: Updateable<BlogPostsTable>): Promise<void> {
  await db.updateTable("blog_posts").set(row).where("id", "=", id).execute();
}
export async function deletePost(db: Db, id: number): Promise<void> {
  await db.deleteFrom("blog_posts").where("id", "=", id).execute();
}

export function blogCategoryById(db: Db, id: number) {
  return db.selectFrom("blog_categories").selectAll().where("id", "=", id).executeTakeFirst();
}
export function blogCategoryIdBySlug(db: Db, slug: string) {
  return db.selectFrom("blog_categories").select("id").where("slug", "=", slug).executeTakeFirst();
}
export async function postsInCategory(db: Db, id: number): Promise<number> {
  return countRows(db.selectFrom("blog_posts").where("category_id", "=", id));
}
export async function insertBlogCategory(db: Db, row: Insertable<BlogCategoriesTable>): Promise<number> {
  const r = await db.insertInto("blog_categories").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(r.id);
}
export async function updateBlogCategory(db: Db, id: number, row: Updateable<BlogCategoriesTable>): Promise<void> {
  await db.updateTable("blog_categories").set(row).where("id", "=", id).execute();
}
export async function deleteBlogCategory(db: Db, id: number): Promise<void> {
  await db.deleteFrom("blog_categories").where("id", "=", id).execute();
}
