import {
  ADMIN_CATALOG_MESSAGES,
  type AdminBrand,
  type AdminCategory,
  type AdminColor,
  type AdminSize,
  type AdminSubCategory,
  type AdminUnit,
  type adminBrandBody,
  type adminCategoryBody,
  type adminColorBody,
  type adminSizeBody,
  type adminUnitBody,
  CATALOG_IMAGE_MAX_BYTES,
  type deleteCategoryQuery,
  holdsProductsMessage,
  type Paginated,
  usedByProductsMessage,
} from "@market/contract";
import type { z } from "zod";
import { type Db, writeTransaction } from "../../db/index.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { type ImageUpload, imageExtension } from "../../lib/image-upload.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { clearCatalogCache } from "../catalog/catalog.service.ts";
import { type IndexDeps, queueIndexing } from "../catalog/search.ts";
import { artworkUrl } from "../media/art-images.ts";
import { recordAudit, upOrDown } from "./audit.service.ts";
import * as repo from "./catalog.repository.ts";

// The admin console's catalogue structure. Every change is written with its audit entry in one
// transaction, then the storefront's answer caches are emptied (categories on the home page and in
// the menus, the product filters). Other server instances' caches expire within the catalogue
// cache time (CATALOG_CACHE_MS), so the change shows there within it too.

type UploadDeps = Pick<AppDeps, "dbh" | "config" | "jobs">;
type CategoryBody = z.output<typeof adminCategoryBody>;
type Translations = CategoryBody["translations"];
type I18n = Record<string, Record<string, string>>;

// ---- shared pieces ----

function parseI18n(json: string): I18n {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" ? (v as I18n) : {};
  } catch {
    return {};
  }
}

/** `{ "ar": { "name": "..." } }` from the row's i18n column, as the storefront's `tr` reads it. */
function translationsOf(i18n: string): Record<string, { name: string | null }> {
  const out: Record<string, { name: string | null }> = {};
  for (const [locale, fields] of Object.entries(parseI18n(i18n))) out[locale] = { name: fields?.name ?? null };
  return out;
}

/**
 * The i18n column with the given names: a language sent sets (or, blank, clears) its name; a
 * language not sent keeps what it had, and other translated fields stay.
 */
function mergeI18n(current: string, translations: Translations): string {
  const map = parseI18n(current);
  for (const [locale, t] of Object.entries(translations)) {
    const fields = { ...(map[locale] ?? {}) };
    if (t.name) fields.name = t.name;
    else delete fields.name;
    if (Object.keys(fields).length > 0) map[locale] = fields;
    else delete map[locale];
  }
  return JSON.stringify(map);
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);

/** A slug of `base` no row of the table has yet: base, base-2, base-3, ... */
async function freeSlug(db: Db, table: "categories" | "sub_categories" | "brands", base: string, keep?: string) {
  const root = base || table.replace(/_/g, "-").replace(/ies$/, "y").replace(/s$/, "");
  if (keep && (keep === root || keep.startsWith(`${root}-`))) return keep;
  const taken = await repo.slugsLike(db, table, root);
  if (!taken.has(root)) return root;
  for (let i = 2; ; i++) if (!taken.has(`${root}-${i}`)) return `${root}-${i}`;
}

/** The generated artwork of a record without an uploaded image (as the demo catalogue's). */
const placeholder = (kind: "category" | "brand", slug: string, name: string) =>
  artworkUrl(kind, slug || kind, name, 40);

const taken = () => fieldError("name", ADMIN_CATALOG_MESSAGES.nameTaken);

/** Runs a change and its audit entry in one write transaction, then empties the storefront's caches. */
async function change<T, D extends DbDeps>(deps: D, fn: (tx: D, trx: Db) => Promise<T>): Promise<T> {
  const result = await writeTransaction(deps.dbh, (trx) => fn(inTransaction(deps, trx), trx));
  clearCatalogCache();
  return result;
}

/** Queues the search rows of products after a name they are found by changed. */
const reindex = (tx: IndexDeps, ids: number[]) => queueIndexing(tx, ids);

// ---- categories ----

type CategoryRow = NonNullable<Awaited<ReturnType<typeof repo.categoryById>>>;
type SubRow = NonNullable<Awaited<ReturnType<typeof repo.subCategoryById>>>;

const subOf = (s: SubRow, count: number): AdminSubCategory => ({
  id: s.id,
  category_id: s.category_id,
  name: s.name,
  slug: s.slug,
  thumbnail: s.thumbnail,
  sort: s.sort,
  translations: translationsOf(s.i18n),
  products_count: count,
});

async function categoriesOf(db: Db, rows: CategoryRow[]): Promise<AdminCategory[]> {
  const ids = rows.map((c) => c.id);
  const subs = await repo.subCategoriesOf(db, ids);
  const [counts, subCounts] = await Promise.all([
    repo.productsPerCategory(db, ids),
    repo.productsPerSubCategory(
      db,
      subs.map((s) => s.id),
    ),
  ]);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    thumbnail: c.thumbnail,
    sort: c.sort,
    translations: translationsOf(c.i18n),
    products_count: counts.get(c.id) ?? 0,
    sub_categories: subs.filter((s) => s.category_id === c.id).map((s) => subOf(s, subCounts.get(s.id) ?? 0)),
  }));
}

export async function categoryTree(deps: DbDeps, q: PageArgs): Promise<Paginated<AdminCategory>> {
  const { rows, total } = await repo.categoryPage(deps.dbh.db, pageWindow(q));
  return paginate(await categoriesOf(deps.dbh.db, rows), total, q);
}

async function categoryOrThrow(db: Db, id: number): Promise<CategoryRow> {
  const row = await repo.categoryById(db, id);
  if (!row) throw notFound("Category");
  return row;
}

async function subOrThrow(db: Db, id: number): Promise<SubRow> {
  const row = await repo.subCategoryById(db, id);
  if (!row) throw notFound("Sub-category");
  return row;
}

async function oneCategory(db: Db, id: number): Promise<AdminCategory> {
  const [c] = await categoriesOf(db, [await categoryOrThrow(db, id)]);
  if (!c) throw notFound("Category");
  return c;
}

async function oneSub(db: Db, id: number): Promise<AdminSubCategory> {
  const row = await subOrThrow(db, id);
  const counts = await repo.productsPerSubCategory(db, [id]);
  return subOf(row, counts.get(id) ?? 0);
}

/** What the audit log keeps of a category or sub-category. */
const categoryRecord = (c: AdminCategory | AdminSubCategory) => {
  const { products_count: _, ...rest } = c as AdminSubCategory;
  if ("sub_categories" in rest) delete (rest as Partial<AdminCategory>).sub_categories;
  return rest;
};

export async function createCategory(deps: DbDeps, userId: number, body: CategoryBody): Promise<AdminCategory> {
  return change(deps, async (tx, trx) => {
    if (await repo.categoryNameTaken(trx, body.name, null)) throw taken();
    const slug = await freeSlug(trx, "categories", slugify(body.name));
    const id = await repo.insertCategory(trx, {
      name: body.name,
      slug,
      thumbnail: placeholder("category", slug, body.name),
      sort: body.sort ?? (await repo.nextSort(trx, "categories")),
      i18n: mergeI18n("{}", body.translations),
    });
    const after = await oneCategory(trx, id);
    await recordAudit(tx, {
      userId,
      action: "create",
      entity: "category",
      entityId: id,
      summary: body.name,
      after: categoryRecord(after),
    });
    return after;
  });
}

export async function updateCategory(
  deps: IndexDeps,
  userId: number,
  id: number,
  body: CategoryBody,
): Promise<AdminCategory> {
  return change(deps, async (tx, trx) => {
    const row = await categoryOrThrow(trx, id);
    const before = await oneCategory(trx, id);
    if (await repo.categoryNameTaken(trx, body.name, id)) throw taken();
    const i18n = mergeI18n(row.i18n, body.translations);
    await repo.updateCategory(trx, id, {
      name: body.name,
      slug: await freeSlug(trx, "categories", slugify(body.name), row.slug),
      i18n,
      ...(body.sort !== undefined && { sort: body.sort }),
    });
    // The search finds products by their category's names in every language.
    if (row.name !== body.name || row.i18n !== i18n) {
      await reindex(tx, await repo.productIdsWhere(trx, "category_id", id));
    }
    const after = await oneCategory(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "category",
      entityId: id,
      summary: body.name,
      before: categoryRecord(before),
      after: categoryRecord(after),
    });
    return after;
  });
}

async function storeImage(deps: UploadDeps, upload: ImageUpload, field: string, folder: string): Promise<string> {
  const ext = await imageExtension(upload, {
    field,
    maxBytes: CATALOG_IMAGE_MAX_BYTES,
    tooLarge: ADMIN_CATALOG_MESSAGES.imageTooLarge,
    badType: ADMIN_CATALOG_MESSAGES.imageBadType,
  });
  return saveUpload(deps.config, folder, ext, upload.bytes);
}

/**
 * Replaces an image with an uploaded jpg, png or webp (checked by content); the new file is removed
 * again when the change fails, the old one once it is saved.
 */
async function replaceImage<T>(
  deps: UploadDeps,
  upload: ImageUpload,
  field: string,
  folder: string,
  write: (tx: DbDeps, trx: Db, url: string) => Promise<{ result: T; old: string }>,
): Promise<T> {
  const url = await storeImage(deps, upload, field, folder);
  let old: string;
  let result: T;
  try {
    ({ result, old } = await change(deps, (tx, trx) => write(tx, trx, url)));
  } catch (e) {
    await removeUpload(deps.config, url);
    throw e;
  }
  await removeUpload(deps.config, old);
  return result;
}

export function categoryImage(deps: UploadDeps, userId: number, id: number, upload: ImageUpload) {
  return replaceImage(deps, upload, "image", "categories", async (tx, trx, url) => {
    const before = await oneCategory(trx, id);
    await repo.updateCategory(trx, id, { thumbnail: url });
    const after = await oneCategory(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "category",
      entityId: id,
      summary: after.name,
      before: { thumbnail: before.thumbnail },
      after: { thumbnail: url },
    });
    return { result: after, old: before.thumbnail };
  });
}

/** Swaps a category (or sub-category) with its neighbour; the siblings are numbered 1..n on the way. */
async function moveAmong(
  trx: Db,
  table: "categories" | "sub_categories",
  id: number,
  direction: "up" | "down",
  categoryId?: number,
) {
  const list = await repo.siblings(trx, table, categoryId);
  const ids = list.map((r) => r.id);
  const at = ids.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return { before: at + 1, after: at + 1 };
  [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
  const sorts = new Map(list.map((r) => [r.id, r.sort]));
  for (const [i, rowId] of ids.entries()) {
    if (sorts.get(rowId) !== i + 1) await repo.setSort(trx, table, rowId, i + 1);
  }
  return { before: sorts.get(id), after: to + 1 };
}

export async function moveCategory(deps: DbDeps, userId: number, id: number, direction: "up" | "down") {
  return change(deps, async (tx, trx) => {
    const row = await categoryOrThrow(trx, id);
    const { before, after } = await moveAmong(trx, "categories", id, direction);
    await recordAudit(tx, {
      userId,
      action: "reorder",
      entity: "category",
      entityId: id,
      summary: `${row.name} ${upOrDown(direction)}`,
      before: { sort: before },
      after: { sort: after },
    });
    return { id };
  });
}

type MoveTarget = z.output<typeof deleteCategoryQuery>;

/** The category (and sub-category) products move to, checked; null when none was given. */
async function moveTarget(db: Db, q: MoveTarget): Promise<{ categoryId: number; subCategoryId: number | null } | null> {
  if (q.move_to_sub_category !== undefined) {
    const sub = await repo.subCategoryById(db, q.move_to_sub_category);
    if (!sub) throw fieldError("move_to_sub_category", ADMIN_CATALOG_MESSAGES.moveTargetInvalid);
    if (q.move_to_category !== undefined && q.move_to_category !== sub.category_id)
      throw fieldError("move_to_sub_category", ADMIN_CATALOG_MESSAGES.subCategoryOutside);
    return { categoryId: sub.category_id, subCategoryId: sub.id };
  }
  if (q.move_to_category !== undefined) {
    if (!(await repo.categoryById(db, q.move_to_category)))
      throw fieldError("move_to_category", ADMIN_CATALOG_MESSAGES.moveTargetInvalid);
    return { categoryId: q.move_to_category, subCategoryId: null };
  }
  return null;
}

/**
 * Deletes a category with its sub-categories. One that holds products is refused (409, with the
 * count) unless a target is given: then its products move there first, in the same transaction,
 * and their search rows are rewritten.
 */
export async function deleteCategory(deps: UploadDeps, userId: number, id: number, q: MoveTarget) {
  const { result, images } = await change(deps, async (tx, trx) => {
    const before = await oneCategory(trx, id);
    const scope: repo.ProductScope = { categoryId: id, subIds: before.sub_categories.map((s) => s.id) };
    const target = await moveTarget(trx, q);
    if (target && target.categoryId === id)
      throw fieldError("move_to_category", ADMIN_CATALOG_MESSAGES.moveTargetInvalid);
    const ids = await repo.productIdsIn(trx, scope);
    if (ids.length > 0 && !target)
      throw new AppError(409, holdsProductsMessage("category", ids.length), undefined, "conflict");
    if (target && ids.length > 0) {
      await repo.moveProducts(trx, scope, target, clock.iso());
      await reindex(tx, ids);
    }
    await repo.deleteCategory(trx, id);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: "category",
      entityId: id,
      summary:
        ids.length > 0
          ? `${before.name} (${ids.length} products moved to category ${target?.categoryId})`
          : before.name,
      before: { ...categoryRecord(before), sub_categories: before.sub_categories.map(categoryRecord) },
      ...(target && ids.length > 0 && { after: { moved_products: ids, to: target } }),
    });
    return {
      result: { id, moved_products: ids.length },
      images: [before.thumbnail, ...before.sub_categories.map((s) => s.thumbnail)],
    };
  });
  for (const url of images) await removeUpload(deps.config, url);
  return result;
}

// ---- sub-categories ----

export async function createSubCategory(
  deps: DbDeps,
  userId: number,
  categoryId: number,
  body: CategoryBody,
): Promise<AdminSubCategory> {
  return change(deps, async (tx, trx) => {
    const parent = await categoryOrThrow(trx, categoryId);
    if (await repo.subCategoryNameTaken(trx, categoryId, body.name, null)) throw taken();
    const slug = await freeSlug(trx, "sub_categories", slugify(`${parent.slug} ${body.name}`));
    const id = await repo.insertSubCategory(trx, {
      category_id: categoryId,
      name: body.name,
      slug,
      thumbnail: placeholder("category", slug, body.name),
      sort: body.sort ?? (await repo.nextSort(trx, "sub_categories", categoryId)),
      i18n: mergeI18n("{}", body.translations),
    });
    const after = await oneSub(trx, id);
    await recordAudit(tx, {
      userId,
      action: "create",
      entity: "sub_category",
      entityId: id,
      summary: `${parent.name} / ${body.name}`,
      after: categoryRecord(after),
    });
    return after;
  });
}

export async function updateSubCategory(
  deps: IndexDeps,
  userId: number,
  id: number,
  body: CategoryBody,
): Promise<AdminSubCategory> {
  return change(deps, async (tx, trx) => {
    const row = await subOrThrow(trx, id);
    const parent = await categoryOrThrow(trx, row.category_id);
    const before = await oneSub(trx, id);
    if (await repo.subCategoryNameTaken(trx, row.category_id, body.name, id)) throw taken();
    await repo.updateSubCategory(trx, id, {
      name: body.name,
      slug: await freeSlug(trx, "sub_categories", slugify(`${parent.slug} ${body.name}`), row.slug),
      i18n: mergeI18n(row.i18n, body.translations),
      ...(body.sort !== undefined && { sort: body.sort }),
    });
    if (row.name !== body.name) await reindex(tx, await repo.productIdsWhere(trx, "sub_category_id", id));
    const after = await oneSub(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "sub_category",
      entityId: id,
      summary: `${parent.name} / ${body.name}`,
      before: categoryRecord(before),
      after: categoryRecord(after),
    });
    return after;
  });
}

export function subCategoryImage(deps: UploadDeps, userId: number, id: number, upload: ImageUpload) {
  return replaceImage(deps, upload, "image", "categories", async (tx, trx, url) => {
    const before = await oneSub(trx, id);
    await repo.updateSubCategory(trx, id, { thumbnail: url });
    const after = await oneSub(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "sub_category",
      entityId: id,
      summary: after.name,
      before: { thumbnail: before.thumbnail },
      after: { thumbnail: url },
    });
    return { result: after, old: before.thumbnail };
  });
}

export async function moveSubCategory(deps: DbDeps, userId: number, id: number, direction: "up" | "down") {
  return change(deps, async (tx, trx) => {
    const row = await subOrThrow(trx, id);
    const { before, after } = await moveAmong(trx, "sub_categories", id, direction, row.category_id);
    await recordAudit(tx, {
      userId,
      action: "reorder",
      entity: "sub_category",
      entityId: id,
      summary: `${row.name} ${upOrDown(direction)}`,
      before: { sort: before },
      after: { sort: after },
    });
    return { id };
  });
}

/** Deletes a sub-category; one that holds products moves them first, as a category does. */
export async function deleteSubCategory(deps: UploadDeps, userId: number, id: number, q: MoveTarget) {
  const { result, image } = await change(deps, async (tx, trx) => {
    const before = await oneSub(trx, id);
    const scope: repo.ProductScope = { subCategoryId: id };
    const target = await moveTarget(trx, q);
    if (target && target.subCategoryId === id)
      throw fieldError("move_to_sub_category", ADMIN_CATALOG_MESSAGES.moveTargetInvalid);
    const ids = await repo.productIdsIn(trx, scope);
    if (ids.length > 0 && !target)
      throw new AppError(409, holdsProductsMessage("sub-category", ids.length), undefined, "conflict");
    if (target && ids.length > 0) {
      await repo.moveProducts(trx, scope, target, clock.iso());
      await reindex(tx, ids);
    }
    await repo.deleteSubCategory(trx, id);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: "sub_category",
      entityId: id,
      summary: before.name,
      before: categoryRecord(before),
      ...(target && ids.length > 0 && { after: { moved_products: ids, to: target } }),
    });
    return { result: { id, moved_products: ids.length }, image: before.thumbnail };
  });
  await removeUpload(deps.config, image);
  return result;
}

// ---- brands ----

type BrandRow = NonNullable<Awaited<ReturnType<typeof repo.brandById>>>;
const brandOf = (b: BrandRow, count: number): AdminBrand => ({
  id: b.id,
  name: b.name,
  slug: b.slug,
  logo: b.logo,
  products_count: count,
});

type OptionsQuery = PageArgs & { search?: string | undefined };

/** A page of brands, units, sizes or colours, each with how many products use it. */
async function optionPage<R extends { id: number }, T>(
  deps: DbDeps,
  table: repo.OptionTable,
  page: { rows: R[]; total: number },
  q: OptionsQuery,
  shape: (row: R, productsCount: number) => T,
): Promise<Paginated<T>> {
  const counts = await repo.productsUsing(
    deps.dbh.db,
    table,
    page.rows.map((r) => r.id),
  );
  return paginate(
    page.rows.map((r) => shape(r, counts.get(r.id) ?? 0)),
    page.total,
    q,
  );
}

export const brands = async (deps: DbDeps, q: OptionsQuery): Promise<Paginated<AdminBrand>> =>
  optionPage(deps, "brands", await repo.brandPage(deps.dbh.db, q.search, pageWindow(q)), q, brandOf);

async function oneBrand(db: Db, id: number): Promise<AdminBrand> {
  const row = await repo.brandById(db, id);
  if (!row) throw notFound("Brand");
  return brandOf(row, (await repo.productsUsing(db, "brands", [id])).get(id) ?? 0);
}

const optionRecord = <T extends { products_count: number }>(o: T) => {
  const { products_count: _, ...rest } = o;
  return rest;
};

export async function createBrand(deps: DbDeps, userId: number, body: z.output<typeof adminBrandBody>) {
  return change(deps, async (tx, trx) => {
    if (await repo.optionNameTaken(trx, "brands", body.name, null)) throw taken();
    const slug = await freeSlug(trx, "brands", slugify(body.name));
    const id = await repo.insertBrand(trx, { name: body.name, slug, logo: placeholder("brand", slug, body.name) });
    const after = await oneBrand(trx, id);
    await recordAudit(tx, { userId, action: "create", entity: "brand", entityId: id, summary: body.name, after });
    return after;
  });
}

export async function updateBrand(deps: IndexDeps, userId: number, id: number, body: z.output<typeof adminBrandBody>) {
  return change(deps, async (tx, trx) => {
    const before = await oneBrand(trx, id);
    if (await repo.optionNameTaken(trx, "brands", body.name, id)) throw taken();
    await repo.updateBrand(trx, id, {
      name: body.name,
      slug: await freeSlug(trx, "brands", slugify(body.name), before.slug),
    });
    // The search finds products by their brand's name.
    if (before.name !== body.name) await reindex(tx, await repo.productIdsWhere(trx, "brand_id", id));
    const after = await oneBrand(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "brand",
      entityId: id,
      summary: body.name,
      before: optionRecord(before),
      after: optionRecord(after),
    });
    return after;
  });
}

export function brandLogo(deps: UploadDeps, userId: number, id: number, upload: ImageUpload) {
  return replaceImage(deps, upload, "logo", "brands", async (tx, trx, url) => {
    const before = await oneBrand(trx, id);
    await repo.updateBrand(trx, id, { logo: url });
    const after = await oneBrand(trx, id);
    await recordAudit(tx, {
      userId,
      action: "update",
      entity: "brand",
      entityId: id,
      summary: after.name,
      before: { logo: before.logo },
      after: { logo: url },
    });
    return { result: after, old: before.logo };
  });
}

// ---- units, sizes, colours ----

type UnitRow = NonNullable<Awaited<ReturnType<typeof repo.unitById>>>;
type SizeRow = NonNullable<Awaited<ReturnType<typeof repo.sizeById>>>;
type ColorRow = NonNullable<Awaited<ReturnType<typeof repo.colorById>>>;

const unitOf = (u: UnitRow, count: number): AdminUnit => ({
  id: u.id,
  name: u.name,
  translations: translationsOf(u.i18n),
  products_count: count,
});
const sizeOf = (s: SizeRow, count: number): AdminSize => ({
  id: s.id,
  name: s.name,
  sort: s.sort,
  products_count: count,
});
const colorOf = (c: ColorRow, count: number): AdminColor => ({
  id: c.id,
  name: c.name,
  translations: translationsOf(c.i18n),
  color_code: c.color_code,
  products_count: count,
});

export const units = async (deps: DbDeps, q: OptionsQuery): Promise<Paginated<AdminUnit>> =>
  optionPage(deps, "units", await repo.unitPage(deps.dbh.db, q.search, pageWindow(q)), q, unitOf);

export const sizes = async (deps: DbDeps, q: OptionsQuery): Promise<Paginated<AdminSize>> =>
  optionPage(deps, "sizes", await repo.sizePage(deps.dbh.db, q.search, pageWindow(q)), q, sizeOf);

export const colors = async (deps: DbDeps, q: OptionsQuery): Promise<Paginated<AdminColor>> =>
  optionPage(deps, "colors", await repo.colorPage(deps.dbh.db, q.search, pageWindow(q)), q, colorOf);

async function oneUnit(db: Db, id: number) {
  const row = await repo.unitById(db, id);
  if (!row) throw notFound("Unit");
  return unitOf(row, (await repo.productsUsing(db, "units", [id])).get(id) ?? 0);
}
async function oneSize(db: Db, id: number) {
  const row = await repo.sizeById(db, id);
  if (!row) throw notFound("Size");
  return sizeOf(row, (await repo.productsUsing(db, "sizes", [id])).get(id) ?? 0);
}
async function oneColor(db: Db, id: number) {
  const row = await repo.colorById(db, id);
  if (!row) throw notFound("Colour");
  return colorOf(row, (await repo.productsUsing(db, "colors", [id])).get(id) ?? 0);
}

/**
 * Creates (`id` null) or updates a unit, size or colour: the name checked, `write` (which answers
 * the record's id), and the audit entry with the record before and after, in one transaction.
 */
async function saveOption<T extends { name: string; products_count: number }>(
  deps: IndexDeps,
  userId: number,
  table: "units" | "sizes" | "colors",
  id: number | null,
  name: string,
  write: (trx: Db) => Promise<number>,
): Promise<T> {
  return change(deps, async (tx, trx) => {
    const before = id === null ? undefined : await optionLoaders[table](trx, id);
    if (await repo.optionNameTaken(trx, table, name, id)) throw taken();
    const savedId = await write(trx);
    const after = await optionLoaders[table](trx, savedId);
    // Products are found by their sizes' and colours' names in every language.
    if (before && table !== "units" && JSON.stringify(optionRecord(before)) !== JSON.stringify(optionRecord(after)))
      await reindex(tx, await repo.productIdsWithOption(trx, table, savedId));
    await recordAudit(tx, {
      userId,
      action: id === null ? "create" : "update",
      entity: OPTION_ENTITIES[table],
      entityId: savedId,
      summary: name,
      ...(before && { before: optionRecord(before) }),
      after: optionRecord(after),
    });
    return after as unknown as T;
  });
}

export const createUnit = (deps: IndexDeps, userId: number, body: z.output<typeof adminUnitBody>) =>
  saveOption<AdminUnit>(deps, userId, "units", null, body.name, (trx) =>
    repo.insertUnit(trx, { name: body.name, i18n: mergeI18n("{}", body.translations) }),
  );

export const updateUnit = (deps: IndexDeps, userId: number, id: number, body: z.output<typeof adminUnitBody>) =>
  saveOption<AdminUnit>(deps, userId, "units", id, body.name, async (trx) => {
    const row = await repo.unitById(trx, id);
    await repo.updateUnit(trx, id, { name: body.name, i18n: mergeI18n(row?.i18n ?? "{}", body.translations) });
    return id;
  });

export const createSize = (deps: IndexDeps, userId: number, body: z.output<typeof adminSizeBody>) =>
  saveOption<AdminSize>(deps, userId, "sizes", null, body.name, async (trx) =>
    repo.insertSize(trx, { name: body.name, sort: body.sort ?? (await repo.nextSizeSort(trx)) }),
  );

export const updateSize = (deps: IndexDeps, userId: number, id: number, body: z.output<typeof adminSizeBody>) =>
  saveOption<AdminSize>(deps, userId, "sizes", id, body.name, async (trx) => {
    await repo.updateSize(trx, id, { name: body.name, ...(body.sort !== undefined && { sort: body.sort }) });
    return id;
  });

export const createColor = (deps: IndexDeps, userId: number, body: z.output<typeof adminColorBody>) =>
  saveOption<AdminColor>(deps, userId, "colors", null, body.name, (trx) =>
    repo.insertColor(trx, { name: body.name, color_code: body.color_code, i18n: mergeI18n("{}", body.translations) }),
  );

export const updateColor = (deps: IndexDeps, userId: number, id: number, body: z.output<typeof adminColorBody>) =>
  saveOption<AdminColor>(deps, userId, "colors", id, body.name, async (trx) => {
    const row = await repo.colorById(trx, id);
    await repo.updateColor(trx, id, {
      name: body.name,
      color_code: body.color_code,
      i18n: mergeI18n(row?.i18n ?? "{}", body.translations),
    });
    return id;
  });

const OPTION_NAMES = { brands: "brand", units: "unit", sizes: "size", colors: "colour" } as const;
const OPTION_ENTITIES = { brands: "brand", units: "unit", sizes: "size", colors: "color" } as const;
const optionLoaders = { brands: oneBrand, units: oneUnit, sizes: oneSize, colors: oneColor };

/** Deletes a brand, unit, size or colour; one that products use is refused (409) with their count. */
export async function deleteOption(deps: UploadDeps, userId: number, table: repo.OptionTable, id: number) {
  const before = await change(deps, async (tx, trx) => {
    const record = await optionLoaders[table](trx, id);
    if (record.products_count > 0)
      throw new AppError(409, usedByProductsMessage(OPTION_NAMES[table], record.products_count), undefined, "conflict");
    await repo.deleteOption(trx, table, id);
    await recordAudit(tx, {
      userId,
      action: "delete",
      entity: OPTION_ENTITIES[table],
      entityId: id,
      summary: record.name,
      before: optionRecord(record),
    });
    return record;
  });
  if ("logo" in before) await removeUpload(deps.config, before.logo);
  return { id };
}
