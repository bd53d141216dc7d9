import type { Insertable } from "kysely";
import type { Db } from "../../db/index.ts";
import { countRows } from "../../db/queries.ts";
import type { ContactMessagesTable } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All content SQL: blog posts and categories, pages, contact messages.

const postColumns = [
  "b.id",
  "b.title",
  "b.slug",
  "b.thumbnail",
  "b.excerpt",
  "b.total_views",
  "b.created_at",
  "b.i18n",
  "b.category_id",
  "c.name as category_name",
  "c.i18n as category_i18n",
  "u.name as author_name",
  "u.profile_photo as author_photo",
] as const;

function posts(db: Db) {
  return db
    .selectFrom("blog_posts as b")
    .innerJoin("blog_categories as c", "c.id", "b.category_id")
    .innerJoin("users as u", "u.id", "b.author_id");
}

export type PostRow = Awaited<ReturnType<typeof postsByIds>>[number];

/** Ids, texts and category of every post, newest first: the input of the in-memory blog search. */
export function postSearchRows(db: Db, categoryId: number | undefined) {
  let q = db.selectFrom("blog_posts").select(["id", "title", "excerpt", "tags", "i18n"]);
  if (categoryId !== undefined) q = q.where("category_id", "=", categoryId);
  return q.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function postIdsPage(db: Db, categoryId: number | undefined, page: PageWindow) {
  let q = db.selectFrom("blog_posts");
  if (categoryId !== undefined) q = q.where("category_id", "=", categoryId);
  const [rows, total] = await Promise.all([
    q.select("id").orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
    countRows(q),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

export async function postsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return posts(db).select(postColumns).where("b.id", "in", ids).execute();
}

export function postBySlug(db: Db, slug: string) {
  return posts(db)
    .select([...postColumns, "b.body", "b.tags"])
    .where("b.slug", "=", slug)
    .executeTakeFirst();
}

export async function addPostView(db: Db, id: number): Promise<void> {
  await db
    .updateTable("blog_posts")
    .set((eb) => ({ total_views: eb("total_views", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/** Up to `limit` other posts, those of the same category first, newest first. */
export async function relatedPostIds(db: Db, post: { id: number; category_id: number }, limit: number) {
  const rows = await db
    .selectFrom("blog_posts")
    .select(["id", "category_id"])
    .where("id", "!=", post.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const same = rows.filter((r) => r.category_id === post.category_id);
  const other = rows.filter((r) => r.category_id !== post.category_id);
  return [...same, ...other].slice(0, limit).map((r) => r.id);
}

/** Blog categories with their post counts: the storefront's by id, the console's by name. */
export async function blogCategories(db: Db, order: "id" | "name" = "id") {
  const rows = await db
    .selectFrom("blog_categories as c")
    .select((eb) => [
      "c.id",
      "c.name",
      "c.slug",
      "c.i18n",
      eb
        .selectFrom("blog_posts as b")
        .whereRef("b.category_id", "=", "c.id")
        .select((b) => b.fn.countAll<number | string>().as("n"))
        .as("total_posts"),
    ])
    .$if(order === "name", (q) => q.orderBy("c.name"))
    .orderBy("c.id")
    .limit(1000)
    .execute();
  return rows.map((r) => ({ ...r, total_posts: Number(r.total_posts ?? 0) }));
}

export function pageBySlug(db: Db, slug: string) {
  return db.selectFrom("pages").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export async function insertContactMessage(db: Db, row: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto("contact_messages").values(row).execute();
}
