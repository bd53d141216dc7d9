import fs from "node:fs/promises";
import path from "node:path";
import {
  ADMIN_CONTENT_LIMITS,
  ADMIN_CONTENT_MESSAGES,
  type AdminBanner,
  type AdminBlogCategory,
  type AdminBlogPost,
  type AdminFooter,
  type AdminFooterItem,
  type AdminMenu,
  type AdminPage,
  type AuditEntity,
  type adminBannerBody,
  type adminBlogCategoryBody,
  type adminBlogPostBody,
  type adminFooterBody,
  type adminFooterItemBody,
  type adminMenuBody,
  type adminPageBody,
  DEFAULT_LOCALE,
  type Paginated,
} from "@market/contract";
import type { z } from "zod";
import { type Db, writeTransaction } from "../../db/index.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { type ImageUpload, imageExtension } from "../../lib/image-upload.ts";
import { pageWindow, paginate } from "../../lib/paging.ts";
import { saveUpload, uploadsDir } from "../../lib/uploads.ts";
import { cleanHtml, clearCatalogCache } from "../catalog/catalog.service.ts";
import { blogCategoryRows } from "../content/content.service.ts";
import { invalidateSettings } from "../settings/settings.service.ts";
import { recordAudit, upOrDown } from "./audit.service.ts";
import * as repo from "./content.repository.ts";

// The admin console's storefront content. Every change is written with its audit entry in one
// transaction; afterwards the caches the storefront reads it through are cleared: the settings'
// (menus and footers in /api/master) and the catalogue's visitor answers (banners on /home).
// Pages and blog posts are read uncached (modules/content).

type ContentDeps = Pick<AppDeps, "dbh" | "config">;
type Trans = Record<string, Record<string, string>>;
type Direction = "up" | "down";

const FOLDER = "content";
const ISSUED = new RegExp(`^/uploads/${FOLDER}/[0-9a-f-]{36}\\.(?:jpg|png|webp)$`);

// ---- shared pieces ----

/** The `i18n` column of the given translations: only other languages' texts that were given. */
function i18nOf(translations: Record<string, Record<string, string | null | undefined>>): string {
  const out: Trans = {};
  for (const [locale, fields] of Object.entries(translations)) {
    if (locale === DEFAULT_LOCALE) continue;
    const given = Object.entries(fields).filter(
      (e): e is [string, string] => typeof e[1] === "string" && e[1].trim() !== "",
    );
    if (given.length > 0) out[locale] = Object.fromEntries(given);
  }
  return JSON.stringify(out);
}

function translationsOf(i18n: string): Trans {
  try {
    const parsed = JSON.parse(i18n) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Trans) : {};
  } catch {
    return {};
  }
}

/** Runs a change and its audit entry in one transaction. */
function change<T>(deps: DbDeps, fn: (trx: Db, tx: DbDeps) => Promise<T>): Promise<T> {
  return writeTransaction(deps.dbh, (trx) => fn(trx, inTransaction(deps, trx)));
}

/** Moves one row of an ordered list a place up or down and numbers the list 1..n. */
async function move(
  trx: Db,
  table: repo.SortedTable,
  id: number,
  direction: Direction,
  footerId?: number,
): Promise<boolean> {
  const ids = await repo.orderedIds(trx, table, footerId);
  const at = ids.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return false;
  [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
  for (const [i, rowId] of ids.entries()) await repo.setSort(trx, table, rowId, i + 1);
  return true;
}

async function assertRoom(db: Db, table: repo.SortedTable | "blog_categories", max: number, footerId?: number) {
  if ((await repo.countOf(db, table, footerId)) >= max)
    throw new AppError(409, ADMIN_CONTENT_MESSAGES.tooMany, undefined, "conflict");
}

/** An image must be an upload of this console (still on disk) or the image the record already shows. */
async function assertImage(deps: ContentDeps, field: string, url: string, current?: string): Promise<void> {
  if (url === current) return;
  if (ISSUED.test(url)) {
    const file = path.join(uploadsDir(deps.config), FOLDER, path.basename(url));
    if (
      await fs.access(file).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  throw fieldError(field, ADMIN_CONTENT_MESSAGES.imageNotIssued);
}

const slugTaken = (field = "slug") => fieldError(field, ADMIN_CONTENT_MESSAGES.slugTaken);

// ---- images ----

/** Stores an uploaded jpg, png or webp (checked by content) for a banner, footer logo or post thumbnail. */
export async function uploadImage(deps: Pick<AppDeps, "config">, upload: ImageUpload): Promise<{ url: string }> {
  const ext = await imageExtension(upload, {
    field: "image",
    maxBytes: ADMIN_CONTENT_LIMITS.imageBytes,
    tooLarge: ADMIN_CONTENT_MESSAGES.imageTooLarge,
    badType: ADMIN_CONTENT_MESSAGES.imageBadType,
  });
  return { url: await saveUpload(deps.config, FOLDER, ext, upload.bytes) };
}

// ---- banners ----

type BannerRow = NonNullable<Awaited<ReturnType<typeof repo.bannerById>>>;

/** Whether a banner shows now: inside its window (either end may be open). */
export const bannerLive = (b: { starts_at: string | null; ends_at: string | null }, now = clock.iso()) =>
  (!b.starts_at || b.starts_at <= now) && (!b.ends_at || now < b.ends_at);

function bannerOf(r: BannerRow): AdminBanner {
  return {
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    translations: translationsOf(r.i18n),
    image: r.image,
    url: r.url,
    sort: r.sort,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    live: bannerLive(r),
  };
}

/** ISO instants are stored in UTC (`…Z`), so text comparison orders them on both engines. */
const utc = (v: string | null) => (v ? new Date(v).toISOString() : null);

function bannerRow(b: z.output<typeof adminBannerBody>) {
  return {
    title: b.title,
    subtitle: b.subtitle ?? "",
    i18n: i18nOf(b.translations),
    image: b.image,
    url: b.url,
    starts_at: utc(b.starts_at),
    ends_at: utc(b.ends_at),
  };
}

export async function listBanners({ dbh }: DbDeps): Promise<{ banners: AdminBanner[] }> {
  return { banners: (await repo.banners(dbh.db)).map(bannerOf) };
}

async function bannerOrFail(db: Db, id: number): Promise<BannerRow> {
  const row = await repo.bannerById(db, id);
  if (!row) throw notFound("Banner");
  return row;
}

export async function createBanner(deps: ContentDeps, userId: number, body: z.output<typeof adminBannerBody>) {
  await assertImage(deps, "image", body.image);
  const banner = await change(deps, async (trx, tx) => {
    await assertRoom(trx, "banners", ADMIN_CONTENT_LIMITS.maxBanners);
    const id = await repo.insertBanner(trx, { ...bannerRow(body), sort: await repo.nextSort(trx, "banners") });
    const after = bannerOf(await bannerOrFail(trx, id));
    await recordAudit(tx, { userId, action: "create", entity: "banner", entityId: id, summary: body.title, after });
    return after;
  });
  clearCatalogCache();
  return { banner };
}

export async function updateBanner(
  deps: ContentDeps,
  userId: number,
  id: number,
  body: z.output<typeof adminBannerBody>,
) {
  const current = await bannerOrFail(deps.dbh.db, id);
  await assertImage(deps, "image", body.image, current.image);
  const banner = await change(deps, async (trx, tx) => {
    const before = bannerOf(await bannerOrFail(trx, id));
    await repo.updateBanner(trx, id, bannerRow(body));
    const after = bannerOf(await bannerOrFail(trx, id));
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "banner",
      entityId: id,
      summary: body.title,
      before,
      after,
    });
    return after;
  });
  clearCatalogCache();
  return { banner };
}

export async function deleteBanner(deps: ContentDeps, userId: number, id: number): Promise<null> {
  await change(deps, async (trx, tx) => {
    const before = bannerOf(await bannerOrFail(trx, id));
    await repo.deleteBanner(trx, id);
    await recordAudit(tx, { userId, action: "delete", entity: "banner", entityId: id, summary: before.title, before });
  });
  clearCatalogCache();
  return null;
}

export async function moveBanner(deps: ContentDeps, userId: number, id: number, direction: Direction) {
  await change(deps, async (trx, tx) => {
    const row = await bannerOrFail(trx, id);
    if (await move(trx, "banners", id, direction)) {
      await recordAudit(tx, {
        userId,
        action: "move",
        entity: "banner",
        entityId: id,
        summary: `${row.title} ${upOrDown(direction)}`,
        before: { sort: row.sort },
        after: { sort: (await bannerOrFail(trx, id)).sort },
      });
    }
  });
  clearCatalogCache();
  return listBanners(deps);
}

// ---- menus and footers ----

type MenuRow = NonNullable<Awaited<ReturnType<typeof repo.menuById>>>;
type FooterRow = NonNullable<Awaited<ReturnType<typeof repo.footerById>>>;
type FooterItemRow = NonNullable<Awaited<ReturnType<typeof repo.footerItemById>>>;

const menuOf = (r: MenuRow): AdminMenu => ({
  id: r.id,
  name: r.name,
  title: r.title,
  translations: translationsOf(r.i18n),
  url: r.url,
  target: r.target,
  is_external: r.is_external === 1,
  sort: r.sort,
});

const footerItemOf = (r: FooterItemRow): AdminFooterItem => ({
  id: r.id,
  footer_id: r.footer_id,
  type: r.type as AdminFooterItem["type"],
  title: r.title,
  translations: translationsOf(r.i18n),
  url: r.url,
  target: r.target,
  sort: r.sort,
});

const footerOf = (r: FooterRow, items: FooterItemRow[]): AdminFooter => ({
  id: r.id,
  title: r.title,
  translations: translationsOf(r.i18n),
  sort: r.sort,
  items: items.filter((i) => i.footer_id === r.id).map(footerItemOf),
});

export async function listMenus({ dbh }: DbDeps): Promise<{ menus: AdminMenu[]; footers: AdminFooter[] }> {
  const [menus, footers, items] = await Promise.all([
    repo.menus(dbh.db),
    repo.footers(dbh.db),
    repo.footerItems(dbh.db),
  ]);
  return { menus: menus.map(menuOf), footers: footers.map((f) => footerOf(f, items)) };
}

async function menuOrFail(db: Db, id: number): Promise<MenuRow> {
  const row = await repo.menuById(db, id);
  if (!row) throw notFound("Menu item");
  return row;
}
async function footerOrFail(db: Db, id: number): Promise<FooterRow> {
  const row = await repo.footerById(db, id);
  if (!row) throw notFound("Footer section");
  return row;
}
async function footerItemOrFail(db: Db, id: number): Promise<FooterItemRow> {
  const row = await repo.footerItemById(db, id);
  if (!row) throw notFound("Footer item");
  return row;
}
const fullFooter = async (db: Db, id: number) => footerOf(await footerOrFail(db, id), await repo.itemsOfFooter(db, id));

const menuRow = (b: z.output<typeof adminMenuBody>) => ({
  name: b.name,
  title: b.title,
  i18n: i18nOf(b.translations),
  url: b.url,
  target: b.target,
  is_external: b.is_external ? 1 : 0,
});

/** After a change of menus or footers: /api/master is rebuilt on its next call. */
function afterSiteChange<T>(deps: DbDeps, value: T): T {
  invalidateSettings(deps);
  return value;
}

export async function createMenu(deps: ContentDeps, userId: number, body: z.output<typeof adminMenuBody>) {
  const menu = await change(deps, async (trx, tx) => {
    await assertRoom(trx, "menus", ADMIN_CONTENT_LIMITS.maxMenus);
    const id = await repo.insertMenu(trx, { ...menuRow(body), sort: await repo.nextSort(trx, "menus") });
    const after = menuOf(await menuOrFail(trx, id));
    await recordAudit(tx, { userId, action: "create", entity: "menu", entityId: id, summary: body.title, after });
    return after;
  });
  return afterSiteChange(deps, menu);
}

export async function updateMenu(deps: ContentDeps, userId: number, id: number, body: z.output<typeof adminMenuBody>) {
  const menu = await change(deps, async (trx, tx) => {
    const before = menuOf(await menuOrFail(trx, id));
    await repo.updateMenu(trx, id, menuRow(body));
    const after = menuOf(await menuOrFail(trx, id));
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "menu",
      entityId: id,
      summary: body.title,
      before,
      after,
    });
    return after;
  });
  return afterSiteChange(deps, menu);
}

export async function deleteMenu(deps: ContentDeps, userId: number, id: number): Promise<null> {
  await change(deps, async (trx, tx) => {
    const before = menuOf(await menuOrFail(trx, id));
    await repo.deleteMenu(trx, id);
    await recordAudit(tx, { userId, action: "delete", entity: "menu", entityId: id, summary: before.title, before });
  });
  return afterSiteChange(deps, null);
}

async function moveAudited(
  deps: ContentDeps,
  userId: number,
  entity: AuditEntity,
  table: repo.SortedTable,
  row: (db: Db) => Promise<{ id: number; title: string; sort: number; footer_id?: number }>,
  direction: Direction,
) {
  await change(deps, async (trx, tx) => {
    const before = await row(trx);
    if (await move(trx, table, before.id, direction, before.footer_id)) {
      const ids = await repo.orderedIds(trx, table, before.footer_id);
      await recordAudit(tx, {
        userId,
        action: "move",
        entity,
        entityId: before.id,
        summary: `${before.title} ${upOrDown(direction)}`,
        before: { sort: before.sort },
        after: { sort: ids.indexOf(before.id) + 1 },
      });
    }
  });
  invalidateSettings(deps);
  return listMenus(deps);
}

export const moveMenu = (deps: ContentDeps, userId: number, id: number, direction: Direction) =>
  moveAudited(deps, userId, "menu", "menus", (db) => menuOrFail(db, id), direction);
export const moveFooter = (deps: ContentDeps, userId: number, id: number, direction: Direction) =>
  moveAudited(deps, userId, "footer", "footers", (db) => footerOrFail(db, id), direction);
export const moveFooterItem = (deps: ContentDeps, userId: number, id: number, direction: Direction) =>
  moveAudited(deps, userId, "footer_item", "footer_items", (db) => footerItemOrFail(db, id), direction);

export async function createFooter(deps: ContentDeps, userId: number, body: z.output<typeof adminFooterBody>) {
  const footer = await change(deps, async (trx, tx) => {
    await assertRoom(trx, "footers", ADMIN_CONTENT_LIMITS.maxFooters);
    const id = await repo.insertFooter(trx, {
      title: body.title,
      i18n: i18nOf(body.translations),
      sort: await repo.nextSort(trx, "footers"),
    });
    const after = await fullFooter(trx, id);
    await recordAudit(tx, { userId, action: "create", entity: "footer", entityId: id, summary: body.title, after });
    return after;
  });
  return afterSiteChange(deps, footer);
}

export async function updateFooter(
  deps: ContentDeps,
  userId: number,
  id: number,
  body: z.output<typeof adminFooterBody>,
) {
  const footer = await change(deps, async (trx, tx) => {
    const before = await fullFooter(trx, id);
    await repo.updateFooter(trx, id, { title: body.title, i18n: i18nOf(body.translations) });
    const after = await fullFooter(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "footer",
      entityId: id,
      summary: body.title,
      before,
      after,
    });
    return after;
  });
  return afterSiteChange(deps, footer);
}

export async function deleteFooter(deps: ContentDeps, userId: number, id: number): Promise<null> {
  await change(deps, async (trx, tx) => {
    const before = await fullFooter(trx, id);
    await repo.deleteFooter(trx, id);
    await recordAudit(tx, { userId, action: "delete", entity: "footer", entityId: id, summary: before.title, before });
  });
  return afterSiteChange(deps, null);
}

/** Only a link has a target; text, social links and the app-store block have no url. */
function footerItemRow(b: z.output<typeof adminFooterItemBody>) {
  const hasUrl = (["logo", "phone", "email", "link"] as const).includes(b.type as "link");
  return {
    type: b.type,
    title: b.title,
    i18n: i18nOf(b.translations),
    url: hasUrl ? b.url : null,
    target: b.type === "link" ? (b.target ?? "_self") : null,
  };
}

export async function createFooterItem(
  deps: ContentDeps,
  userId: number,
  footerId: number,
  body: z.output<typeof adminFooterItemBody>,
) {
  const item = await change(deps, async (trx, tx) => {
    await footerOrFail(trx, footerId);
    await assertRoom(trx, "footer_items", ADMIN_CONTENT_LIMITS.maxFooterItems, footerId);
    const id = await repo.insertFooterItem(trx, {
      ...footerItemRow(body),
      footer_id: footerId,
      sort: await repo.nextSort(trx, "footer_items", footerId),
    });
    const after = footerItemOf(await footerItemOrFail(trx, id));
    await recordAudit(tx, {
      userId,
      action: "create",
      entity: "footer_item",
      entityId: id,
      summary: body.title,
      after,
    });
    return after;
  });
  return afterSiteChange(deps, item);
}

export async function updateFooterItem(
  deps: ContentDeps,
  userId: number,
  id: number,
  body: z.output<typeof adminFooterItemBody>,
) {
  const item = await change(deps, async (trx, tx) => {
    const before = footerItemOf(await footerItemOrFail(trx, id));
    await repo.updateFooterItem(trx, id, footerItemRow(body));
    const after = footerItemOf(await footerItemOrFail(trx, id));
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "footer_item",
      entityId: id,
      summary: body.title,
      before,
      after,
    });
    return after;
  });
  return afterSiteChange(deps, item);
}

export async function deleteFooterItem(deps: ContentDeps, userId: number, id: number): Promise<null> {
  await change(deps, async (trx, tx) => {
    const before = footerItemOf(await footerItemOrFail(trx, id));
    await repo.deleteFooterItem(trx, id);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: "footer_item",
      entityId: id,
      summary: before.title,
      before,
    });
  });
  return afterSiteChange(deps, null);
}

// ---- static pages ----

type PageRow = NonNullable<Awaited<ReturnType<typeof repo.pageById>>>;

const pageOf = (r: PageRow): AdminPage => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  body: r.body,
  translations: translationsOf(r.i18n),
});

/** Rich text is sanitised once, here, when saved: the stored HTML is what the storefront shows. */
function pageRow(b: z.output<typeof adminPageBody>) {
  const translations: Record<string, Record<string, string | null | undefined>> = {};
  for (const [locale, t] of Object.entries(b.translations))
    translations[locale] = { title: t.title, body: t.body ? cleanHtml(t.body) : undefined };
  return { slug: b.slug, title: b.title, body: cleanHtml(b.body), i18n: i18nOf(translations) };
}

async function pageOrFail(db: Db, id: number): Promise<PageRow> {
  const row = await repo.pageById(db, id);
  if (!row) throw notFound("Page");
  return row;
}

export async function listPages(
  { dbh }: DbDeps,
  q: { page: number; per_page: number; search?: string | undefined },
): Promise<Paginated<{ id: number; slug: string; title: string }>> {
  const { rows, total } = await repo.pagesPage(dbh.db, q.search, pageWindow(q));
  return paginate(rows, total, q);
}

export async function getPage({ dbh }: DbDeps, id: number) {
  return { page: pageOf(await pageOrFail(dbh.db, id)) };
}

export async function createPage(deps: ContentDeps, userId: number, body: z.output<typeof adminPageBody>) {
  const page = await change(deps, async (trx, tx) => {
    if (await repo.pageIdBySlug(trx, body.slug)) throw slugTaken();
    const id = await repo.insertPage(trx, pageRow(body));
    const after = pageOf(await pageOrFail(trx, id));
    await recordAudit(tx, { userId, action: "create", entity: "page", entityId: id, summary: body.title, after });
    return after;
  });
  return { page };
}

export async function updatePage(deps: ContentDeps, userId: number, id: number, body: z.output<typeof adminPageBody>) {
  const page = await change(deps, async (trx, tx) => {
    const before = pageOf(await pageOrFail(trx, id));
    const other = await repo.pageIdBySlug(trx, body.slug);
    if (other && other.id !== id) throw slugTaken();
    await repo.updatePage(trx, id, pageRow(body));
    const after = pageOf(await pageOrFail(trx, id));
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "page",
      entityId: id,
      summary: body.title,
      before,
      after,
    });
    return after;
  });
  return { page };
}

export async function deletePage(deps: ContentDeps, userId: number, id: number): Promise<null> {
  await change(deps, async (trx, tx) => {
    const before = pageOf(await pageOrFail(trx, id));
    await repo.deletePage(trx, id);
    await recordAudit(tx, { userId, action: "delete", entity: "page", entityId: id, summary: before.title, before });
  });
  return null;
}

// ---- blog ----

type PostRow = NonNullable<Awaited<ReturnType<typeof repo.postById>>>;

function tagsOf(json: string): string[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

const postOf = (r: PostRow): AdminBlogPost => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  category: r.category,
  category_id: r.category_id,
  thumbnail: r.thumbnail,
  published_at: r.created_at,
  excerpt: r.excerpt,
  body: r.body,
  tags: tagsOf(r.tags),
  translations: translationsOf(r.i18n),
});

function postRow(b: z.output<typeof adminBlogPostBody>) {
  const translations: Record<string, Record<string, string | null | undefined>> = {};
  for (const [locale, t] of Object.entries(b.translations))
    translations[locale] = { title: t.title, excerpt: t.excerpt, body: t.body ? cleanHtml(t.body) : undefined };
  return {
    category_id: b.category_id,
    slug: b.slug,
    title: b.title,
    excerpt: b.excerpt,
    body: cleanHtml(b.body),
    i18n: i18nOf(translations),
    thumbnail: b.thumbnail,
    tags: JSON.stringify([...new Set(b.tags)]),
    created_at: new Date(b.published_at).toISOString(),
  };
}

/** A minute or two of the admin's clock running ahead. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The storefront shows every post, so a date to come would show a post that says it is not out yet:
 * the published date is now or earlier (there is no scheduling).
 */
function assertPublished(body: { published_at: string }): void {
  if (Date.parse(body.published_at) > clock.ms() + CLOCK_SKEW_MS)
    throw fieldError("published_at", ADMIN_CONTENT_MESSAGES.publishedInFuture);
}

async function postOrFail(db: Db, id: number): Promise<PostRow> {
  const row = await repo.postById(db, id);
  if (!row) throw notFound("Blog post");
  return row;
}

async function assertCategory(db: Db, id: number): Promise<void> {
  if (!(await repo.blogCategoryById(db, id))) throw fieldError("category_id", "The selected category is invalid.");
}

export async function listPosts(
  { dbh }: DbDeps,
  q: { page: number; per_page: number; search?: string | undefined; category_id?: number | undefined },
) {
  const { rows, total } = await repo.postsPage(dbh.db, q, pageWindow(q));
  return paginate(
    rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      category: r.category,
      thumbnail: r.thumbnail,
      published_at: r.created_at,
    })),
    total,
    q,
  );
}

export async function getPost({ dbh }: DbDeps, id: number) {
  return { post: postOf(await postOrFail(dbh.db, id)) };
}

export async function createPost(deps: ContentDeps, userId: number, body: z.output<typeof adminBlogPostBody>) {
  assertPublished(body);
  await assertImage(deps, "thumbnail", body.thumbnail);
  const post = await change(deps, async (trx, tx) => {
    await assertCategory(trx, body.category_id);
    if (await repo.postIdBySlug(trx, body.slug)) throw slugTaken();
    const id = await repo.insertPost(trx, { ...postRow(body), author_id: userId });
    const after = postOf(await postOrFail(trx, id));
    await recordAudit(tx, { userId, action: "create", entity: "blog_post", entityId: id, summary: body.title, after });
    return after;
  });
  return { post };
}

export async function updatePost(
  deps: ContentDeps,
  userId: number,
  id: number,
  body: z.output<typeof adminBlogPostBody>,
) {
  assertPublished(body);
  const current = await postOrFail(deps.dbh.db, id);
  await assertImage(deps, "thumbnail", body.thumbnail, current.thumbnail);
  const post = await change(deps, async (trx, tx) => {
    const before = postOf(await postOrFail(trx, id));
    await assertCategory(trx, body.category_id);
    const other = await repo.postIdBySlug(trx, body.slug);
    if (other && other.id !== id) throw slugTaken();
    await repo.updatePost(trx, id, postRow(body));
    const after = postOf(await postOrFail(trx, id));
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "blog_post",
      entityId: id,
      summary: body.title,
      before,
      after,
    });
    return after;
  });
  return { post };
}

export async function deletePost(deps: ContentDeps, userId: number, id: number): Promise<null> {
  await change(deps, async (trx, tx) => {
    const before = postOf(await postOrFail(trx, id));
    await repo.deletePost(trx, id);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: "blog_post",
      entityId: id,
      summary: before.title,
      before,
    });
  });
  return null;
}

const categorySlug = (name: string) =>
  name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);

type CategoryRow = NonNullable<Awaited<ReturnType<typeof repo.blogCategoryById>>>;
const categoryOf = (r: CategoryRow, total_posts: number): AdminBlogCategory => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  translations: translationsOf(r.i18n),
  total_posts,
});

export async function listBlogCategories(deps: DbDeps): Promise<{ categories: AdminBlogCategory[] }> {
  return { categories: (await blogCategoryRows(deps)).map((c) => categoryOf(c, c.total_posts)) };
}

/** A category's slug from its name; a taken one (or a name of only non-Latin letters) gets a number. */
async function freeCategorySlug(db: Db, name: string, id?: number): Promise<string> {
  const base = categorySlug(name) || "category";
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const other = await repo.blogCategoryIdBySlug(db, slug);
    if (!other || other.id === id) return slug;
  }
  throw slugTaken("name");
}

async function categoryOrFail(db: Db, id: number): Promise<AdminBlogCategory> {
  const row = await repo.blogCategoryById(db, id);
  if (!row) throw notFound("Blog category");
  return categoryOf(row, await repo.postsInCategory(db, id));
}

export async function createBlogCategory(
  deps: ContentDeps,
  userId: number,
  body: z.output<typeof adminBlogCategoryBody>,
) {
  await change(deps, async (trx, tx) => {
    await assertRoom(trx, "blog_categories", ADMIN_CONTENT_LIMITS.maxBlogCategories);
    const id = await repo.insertBlogCategory(trx, {
      name: body.name,
      slug: await freeCategorySlug(trx, body.name),
      i18n: i18nOf(body.translations),
    });
    const after = await categoryOrFail(trx, id);
    await recordAudit(tx, {
      userId,
      action: "create",
      entity: "blog_category",
      entityId: id,
      summary: body.name,
      after,
    });
  });
  return listBlogCategories(deps);
}

export async function updateBlogCategory(
  deps: ContentDeps,
  userId: number,
  id: number,
  body: z.output<typeof adminBlogCategoryBody>,
) {
  await change(deps, async (trx, tx) => {
    const before = await categoryOrFail(trx, id);
    const slug = before.name === body.name ? before.slug : await freeCategorySlug(trx, body.name, id);
    await repo.updateBlogCategory(trx, id, { name: body.name, slug, i18n: i18nOf(body.translations) });
    const after = await categoryOrFail(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "blog_category",
      entityId: id,
      summary: body.name,
      before,
      after,
    });
  });
  return listBlogCategories(deps);
}

/** A category that still holds posts is kept (409): its posts would lose their category. */
export async function deleteBlogCategory(deps: ContentDeps, userId: number, id: number) {
  await change(deps, async (trx, tx) => {
    const before = await categoryOrFail(trx, id);
    if (before.total_posts > 0) throw new AppError(409, ADMIN_CONTENT_MESSAGES.categoryHasPosts, undefined, "conflict");
    await repo.deleteBlogCategory(trx, id);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: "blog_category",
      entityId: id,
      summary: before.name,
      before,
    });
  });
  return listBlogCategories(deps);
}
