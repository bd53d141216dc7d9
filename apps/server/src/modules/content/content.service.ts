import type { BlogPost, BlogPostDetails, ContactUs, Paginated } from "@market/contract";
import type { DbHandle } from "../../db/index.ts";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { fallbackLangs, tr } from "../../lib/i18n.ts";
import { pageWindow, paginate } from "../../lib/paging.ts";
import { cleanHtml } from "../catalog/catalog.service.ts";
import { wordsMatch, wordsOf } from "../catalog/search.ts";
import * as repo from "./content.repository.ts";

// Blog, static pages and the contact form.

const NEW_POST_MS = 5 * 24 * 60 * 60 * 1000;
const RELATED_POSTS = 3;

export const CONTACT_THANKS = "Thank you for contacting us. We will get back to you soon.";

function postOf(r: repo.PostRow, locale: string): BlogPost {
  return {
    id: r.id,
    title: tr(r, "title", locale),
    ...fallbackLangs(r, ["title"], locale),
    slug: r.slug,
    category: { id: r.category_id, name: tr({ name: r.category_name, i18n: r.category_i18n }, "name", locale) },
    post_by: { name: r.author_name, profile_photo: r.author_photo },
    thumbnail: r.thumbnail,
    total_views: r.total_views,
    description: tr(r, "excerpt", locale),
    description_lang: fallbackLangs(r, ["excerpt"], locale).excerpt_lang,
    created_at: r.created_at,
    is_new: clock.ms() - Date.parse(r.created_at) < NEW_POST_MS,
  };
}

async function postsInOrder(dbh: DbHandle, ids: number[], locale: string): Promise<BlogPost[]> {
  const byId = new Map((await repo.postsByIds(dbh.db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [postOf(r, locale)] : [];
  });
}

/** Every text of a post a search may hit: title and excerpt in every language, and the tags. */
function searchTexts(r: { title: string; excerpt: string; tags: string; i18n: string }): string[] {
  const texts = [r.title, r.excerpt];
  try {
    const tags = JSON.parse(r.tags) as unknown;
    if (Array.isArray(tags)) texts.push(...tags.filter((t): t is string => typeof t === "string"));
    for (const f of Object.values(JSON.parse(r.i18n) as Record<string, Record<string, unknown>>)) {
      for (const key of ["title", "excerpt"]) if (typeof f?.[key] === "string") texts.push(f[key] as string);
    }
  } catch {
    // malformed JSON columns leave the English texts
  }
  return texts;
}

export async function listPosts(
  { dbh }: DbDeps,
  q: { page: number; per_page: number; category_id?: number | undefined; search?: string | undefined },
  locale: string,
): Promise<Paginated<BlogPost>> {
  const { limit, offset } = pageWindow(q);
  let ids: number[];
  let total: number;
  if (q.search) {
    // Posts are few, so a search matches their words in memory (prefixes and one-letter typos too).
    const terms = wordsOf(q.search);
    const hits = (await repo.postSearchRows(dbh.db, q.category_id)).filter((r) => wordsMatch(terms, searchTexts(r)));
    total = hits.length;
    ids = hits.slice(offset, offset + limit).map((r) => r.id);
  } else {
    ({ ids, total } = await repo.postIdsPage(dbh.db, q.category_id, { limit, offset }));
  }
  return paginate(await postsInOrder(dbh, ids, locale), total, q);
}

/** Every blog category with its stored names and post count, by name (the console's list). */
export const blogCategoryRows = ({ dbh }: DbDeps) => repo.blogCategories(dbh.db, "name");

export async function blogCategories({ dbh }: DbDeps, locale: string) {
  const rows = await repo.blogCategories(dbh.db);
  return rows.map((c) => ({ id: c.id, name: tr(c, "name", locale), slug: c.slug, total_posts: c.total_posts }));
}

export async function postDetails({ dbh }: DbDeps, slug: string, locale: string) {
  const row = await repo.postBySlug(dbh.db, slug);
  if (!row) throw notFound("Blog post");
  await repo.addPostView(dbh.db, row.id);
  const relatedIds = await repo.relatedPostIds(dbh.db, row, RELATED_POSTS);
  let tags: string[] = [];
  try {
    const parsed = JSON.parse(row.tags) as unknown;
    if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === "string");
  } catch {
    // a malformed tags column shows no tags
  }
  const post: BlogPostDetails = {
    ...postOf({ ...row, total_views: row.total_views + 1 }, locale),
    body: cleanHtml(tr(row, "body", locale)),
    ...fallbackLangs(row, ["body"], locale),
    tags,
  };
  return { post, related: await postsInOrder(dbh, relatedIds, locale) };
}

export async function page({ dbh }: DbDeps, slug: string, locale: string) {
  const row = await repo.pageBySlug(dbh.db, slug);
  if (!row) throw notFound("Page");
  return {
    slug: row.slug,
    title: tr(row, "title", locale),
    body: cleanHtml(tr(row, "body", locale)),
    ...fallbackLangs(row, ["title", "body"], locale),
  };
}

export async function contactUs({ dbh }: DbDeps, input: ContactUs, ip: string): Promise<void> {
  await repo.insertContactMessage(dbh.db, { ...input, ip, created_at: clock.iso() });
}
