import { randomUUID } from "node:crypto";
import {
  type Paginated,
  type ProductFormOptions,
  type ProductInput,
  type RestockBody,
  type restockData,
  SELLER_PRODUCT_MESSAGES,
  type SellerProductDetail,
  type SellerProductRow,
  type sellerBulkBody,
  type sellerProductsQuery,
} from "@market/contract";
import type { z } from "zod";
import { type Db, writeTransaction } from "../../db/index.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { fieldError, notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { toMajor, toMinor } from "../../lib/money.ts";
import { pageWindow, paginate } from "../../lib/paging.ts";
import { cleanHtml, clearCatalogCache } from "../catalog/catalog.service.ts";
import { queueIndexing } from "../catalog/search.ts";
import { artworkUrl } from "../media/art-images.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import {
  forgetProducts,
  lockVariantsOf,
  lowStockThreshold,
  restock,
  type StockDeps,
  setStock,
} from "../stock/stock.service.ts";
import { type ImageUpload, isIssuedImage, removeProductImage, storeProductImage } from "./product-images.ts";
import * as repo from "./products.repository.ts";

// The Seller Centre's catalogue: a shop's products, the product form, saving a product with its
// options, variants, stock and images, and bulk actions. Every query is scoped by the shop.

export type ProductsDeps = Pick<AppDeps, "dbh" | "config" | "jobs">;
/** Who saves: the shop acted for and the signed-in seller or staff member (logged with stock changes). */
export interface Saver {
  shopId: number;
  userId: number;
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 150);

/** The generated artwork of a product without images (as the demo catalogue's). */
const placeholder = (slug: string, name: string) => artworkUrl("product", slug.slice(0, 100) || "product", name, 40);

const productUrl = (id: number, slug: string) => `/products/${id}/details/${slug}`;
const nullIfBlank = (v: string) => (v === "" ? null : v);

// ---- the list ----

export async function listProducts(
  deps: DbDeps,
  shopId: number,
  q: z.output<typeof sellerProductsQuery>,
  locale: string,
): Promise<{ products: Paginated<SellerProductRow>; low_stock_threshold: number }> {
  const threshold = await lowStockThreshold(deps, shopId);
  const { rows, total } = await repo.sellerProductPage(
    deps.dbh,
    shopId,
    { search: q.search, categoryId: q.category_id, status: q.status, stock: q.stock, threshold },
    q.sort,
    pageWindow(q),
    locale,
  );
  return {
    products: paginate(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        thumbnail: r.thumbnail,
        category: r.category,
        price: toMajor(r.price),
        discount_price: toMajor(r.discount_price),
        stock: Number(r.stock),
        is_active: r.is_active === 1,
        moderation: r.moderation,
        moderation_reason: r.moderation_reason,
        total_sold: r.total_sold,
        updated_at: r.updated_at ?? r.created_at,
      })),
      total,
      q,
    ),
    low_stock_threshold: threshold,
  };
}

// ---- the form ----

/** The form's choices, named in the seller's language; each translation tab by its language's own name. */
export async function formOptions(deps: DbDeps, locale: string): Promise<ProductFormOptions> {
  const o = await repo.formOptions(deps.dbh.db);
  const named = <R extends { id: number; name: string; i18n: string }>(r: R) => ({
    id: r.id,
    name: tr(r, "name", locale),
  });
  return {
    categories: o.categories.map((c) => ({
      ...named(c),
      sub_categories: o.subs.filter((s) => s.category_id === c.id).map(named),
    })),
    brands: o.brands,
    units: o.units.map(named),
    vat_taxes: o.vat.map((v) => ({ ...named(v), rate: v.rate_bp / 100 })),
    sizes: o.sizes,
    colors: o.colors.map((c) => ({ ...named(c), color_code: c.color_code })),
    languages: o.languages.map((l) => ({ code: l.locale, name: l.title, direction: l.direction })),
  };
}

type Translations = SellerProductDetail["translations"];
type I18n = Record<string, Record<string, string>>;

function parseI18n(json: string): I18n {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" ? (v as I18n) : {};
  } catch {
    return {};
  }
}

/** The form's translations from the `i18n` column (`{ "ar": { "name": ..., "description": ... } }`). */
function translationsOf(json: string): Translations {
  const out: Translations = {};
  for (const [locale, fields] of Object.entries(parseI18n(json))) {
    if (!fields || typeof fields !== "object") continue;
    out[locale] = {
      name: fields.name ?? null,
      short_description: fields.short_description ?? null,
      description: fields.description ?? "",
    };
  }
  return out;
}

/** One product of the shop as the edit form shows it; 404 for another shop's. */
export async function getProduct(deps: DbDeps, shopId: number, id: number): Promise<SellerProductDetail> {
  const db = deps.dbh.db;
  const p = await repo.productOfShop(db, shopId, id);
  if (!p) throw notFound("Product");
  const parts = await repo.productParts(db, id);
  return {
    id: p.id,
    slug: p.slug,
    url: productUrl(p.id, p.slug),
    name: p.name,
    short_description: nullIfBlank(p.short_description),
    description: p.description,
    translations: translationsOf(p.i18n),
    category_id: p.category_id,
    sub_category_id: p.sub_category_id,
    brand_id: p.brand_id,
    unit_id: p.unit_id,
    vat_tax_id: p.vat_tax_id,
    price: toMajor(p.price),
    discount_price: toMajor(p.discount_price),
    sizes: parts.sizes.map((s) => ({ id: s.size_id, surcharge: toMajor(s.price) })),
    colors: parts.colors.map((c) => ({ id: c.color_id, surcharge: toMajor(c.price) })),
    variants: parts.variants.map((v) => ({
      size_id: v.size_id,
      color_id: v.color_id,
      stock: Number(v.stock),
      sku: v.sku,
    })),
    images: parts.images,
    meta_title: nullIfBlank(p.meta_title),
    meta_description: nullIfBlank(p.meta_description),
    is_active: p.is_active === 1,
    moderation: p.moderation,
    moderation_reason: p.moderation_reason,
  };
}

// ---- saving ----

const invalid = (field: string, label: string) => fieldError(field, `The selected ${label} is invalid.`);

/** The category exists and the sub-category (if any) is one of its own. */
async function checkCategory(tx: DbDeps, categoryId: number, subCategoryId: number | null | undefined) {
  const db = tx.dbh.db;
  if (!(await repo.categoryExists(db, categoryId))) throw invalid("category_id", "category");
  if (subCategoryId != null) {
    const sub = await repo.subCategoryById(db, subCategoryId);
    if (!sub) throw invalid("sub_category_id", "sub category");
    if (sub.category_id !== categoryId)
      throw fieldError("sub_category_id", SELLER_PRODUCT_MESSAGES.subCategoryOfCategory);
  }
}

/** Checks every id the product names; 422 on the first field that names nothing (or the wrong thing). */
async function checkReferences(tx: DbDeps, input: ProductInput): Promise<void> {
  const db = tx.dbh.db;
  await checkCategory(tx, input.category_id, input.sub_category_id);
  if (input.brand_id != null && !(await repo.brandExists(db, input.brand_id))) throw invalid("brand_id", "brand");
  if (input.unit_id != null && !(await repo.unitExists(db, input.unit_id))) throw invalid("unit_id", "unit");
  if (input.vat_tax_id != null && !(await repo.vatExists(db, input.vat_tax_id))) throw invalid("vat_tax_id", "VAT");
  const sizes = await repo.existingSizes(
    db,
    input.sizes.map((s) => s.id),
  );
  const seenSizes = new Set<number>();
  for (const [i, s] of input.sizes.entries()) {
    if (!sizes.has(s.id) || seenSizes.has(s.id)) throw invalid(`sizes.${i}.id`, "size");
    seenSizes.add(s.id);
  }
  const colors = await repo.existingColors(
    db,
    input.colors.map((c) => c.id),
  );
  const seenColors = new Set<number>();
  for (const [i, c] of input.colors.entries()) {
    if (!colors.has(c.id) || seenColors.has(c.id)) throw invalid(`colors.${i}.id`, "colour");
    seenColors.add(c.id);
  }
  if (Object.keys(input.translations).length > 0) {
    const locales = new Set(await repo.otherLocales(db));
    for (const locale of Object.keys(input.translations)) {
      if (!locales.has(locale)) throw invalid(`translations.${locale}`, "language");
    }
  }
}

const pairKey = (size: number, color: number) => `${size}/${color}`;

/** The variant grid must be exactly sizes × colours (0 for "none"), one row per pair. */
function checkGrid(input: ProductInput): void {
  const sizes = input.sizes.length ? input.sizes.map((s) => s.id) : [0];
  const colors = input.colors.length ? input.colors.map((c) => c.id) : [0];
  const expected = new Set(sizes.flatMap((s) => colors.map((c) => pairKey(s, c))));
  const seen = new Set<string>();
  for (const [i, v] of input.variants.entries()) {
    const key = pairKey(v.size_id, v.color_id);
    if (!expected.has(key) || seen.has(key)) throw fieldError(`variants.${i}`, SELLER_PRODUCT_MESSAGES.variantGrid);
    seen.add(key);
  }
  if (seen.size !== expected.size) throw fieldError("variants", SELLER_PRODUCT_MESSAGES.variantGrid);
}

/** SKUs unique among the shop's other products (within the product: productBody). */
async function checkSkus(tx: DbDeps, shopId: number, id: number | null, input: ProductInput): Promise<void> {
  const seen = new Map<string, number>();
  for (const [i, v] of input.variants.entries()) if (v.sku !== null) seen.set(v.sku, i);
  const taken = await repo.skusTaken(tx.dbh.db, shopId, id, [...seen.keys()]);
  for (const [sku, i] of seen) {
    if (taken.has(sku)) throw fieldError(`variants.${i}.sku`, SELLER_PRODUCT_MESSAGES.skuTaken);
  }
}

/**
 * Images: URLs this server issued for uploads (still on disk, when the deps carry the config), or
 * ones the product already shows.
 */
async function checkImages(tx: DbDeps, input: ProductInput, current: Set<string>): Promise<string[]> {
  const urls = [...new Set(input.images)];
  const config = (tx as Partial<ProductsDeps>).config;
  for (const url of urls) {
    if (current.has(url)) continue;
    if (!(await isIssuedImage(config ?? null, url))) {
      throw fieldError(`images.${input.images.indexOf(url)}`, SELLER_PRODUCT_MESSAGES.imageNotIssued);
    }
  }
  return urls;
}

/** The i18n column from the form's translations, keeping other translated fields (e.g. SEO texts). */
function i18nOf(before: string, translations: ProductInput["translations"]): string {
  const out = parseI18n(before);
  for (const [locale, t] of Object.entries(translations)) {
    const fields: Record<string, string> = { ...(out[locale] ?? {}) };
    delete fields.name;
    delete fields.short_description;
    delete fields.description;
    if (t.name) fields.name = t.name;
    if (t.short_description) fields.short_description = t.short_description;
    const description = cleanHtml(t.description);
    if (description.trim()) fields.description = description;
    if (Object.keys(fields).length) out[locale] = fields;
    else delete out[locale];
  }
  return JSON.stringify(out);
}

/**
 * Creates (`id` null) or updates a product of `who.shopId` with everything the form holds, inside
 * the caller's transaction (`tx.dbh.db` is one): checks the references, the variant grid, the SKUs
 * and the images; writes the product, its sizes, colours, variants (a pair that stays keeps its
 * row, so cart lines keep working), images and thumbnail; sanitises the description once; sets
 * each variant's stock through the stock service, which logs the change with `reason` and the
 * user. The caller queues the search row (queueIndexing). Field errors answer 422 under the field's path
 * (`variants.2.sku`, `sub_category_id`); another shop's id answers 404. Answers the product's id.
 * Pass deps with `config` so uploaded image URLs can be accepted.
 */
export async function saveProductIn(
  tx: StockDeps,
  who: Saver,
  id: number | null,
  input: ProductInput,
  reason: "edit" | "import",
): Promise<number> {
  const db = tx.dbh.db;
  // Variant rows first, then the product row: the order an order's transaction takes them in.
  if (id !== null) await lockVariantsOf(tx, [id]);
  const before = id === null ? undefined : await repo.productOfShop(db, who.shopId, id, tx.dbh.pg);
  if (id !== null && !before) throw notFound("Product");
  if (input.discount_price !== 0 && input.discount_price >= input.price)
    throw fieldError("discount_price", SELLER_PRODUCT_MESSAGES.discountBelowPrice);
  if (id !== null) await checkAboveSalePrice(db, id, input);
  await checkReferences(tx, input);
  checkGrid(input);
  await checkSkus(tx, who.shopId, id, input);
  const parts = id === null ? null : await repo.productParts(db, id);
  const images = await checkImages(
    tx,
    input,
    new Set([...(parts?.images ?? []), ...(before ? [before.thumbnail] : [])]),
  );

  const now = clock.iso();
  // With moderation on, a new or edited product waits for the operator's approval; a product the
  // operator rejected or unpublished goes back to them when edited, whatever the switch says.
  const waits = (await getSiteSettings(tx)).product_moderation || before?.moderation === "rejected";
  const moderation = waits
    ? { moderation: "pending" as const, moderation_reason: null }
    : before
      ? {}
      : { moderation: "approved" as const, moderation_reason: null };
  // A taken slug (or a name of only non-Latin letters) gets the product's id added.
  const base = slugify(input.name);
  const free = base !== "" && !(await repo.slugTaken(db, base, id));
  const slugWithId = (pid: number) => `${base || "product"}-${pid}`;
  const slug = free ? base : id !== null ? slugWithId(id) : `${base || "product"}-${randomUUID()}`;
  const fields = {
    category_id: input.category_id,
    sub_category_id: input.sub_category_id ?? null,
    brand_id: input.brand_id ?? null,
    unit_id: input.unit_id ?? null,
    vat_tax_id: input.vat_tax_id ?? null,
    name: input.name,
    slug,
    short_description: input.short_description ?? "",
    // Sanitised once, here; what is stored is what the storefront shows.
    description: cleanHtml(input.description),
    thumbnail: images[0] ?? placeholder(base || "product", input.name),
    price: toMinor(input.price),
    discount_price: toMinor(input.discount_price),
    is_active: input.is_active ? 1 : 0,
    meta_title: input.meta_title ?? "",
    meta_description: input.meta_description ?? "",
    i18n: i18nOf(before?.i18n ?? "{}", input.translations),
    updated_at: now,
    ...moderation,
  };
  let productId: number;
  if (before) {
    productId = before.id;
    await repo.updateProduct(db, productId, fields);
  } else {
    productId = await repo.insertProduct(db, { ...fields, shop_id: who.shopId, created_at: now });
    if (!free) await repo.updateProduct(db, productId, { slug: slugWithId(productId) });
  }

  await repo.replaceOptions(
    db,
    productId,
    input.sizes.map((s) => ({ size_id: s.id, price: toMinor(s.surcharge) })),
    input.colors.map((c) => ({ color_id: c.id, price: toMinor(c.surcharge) })),
  );
  const wanted = new Set(input.variants.map((v) => pairKey(v.size_id, v.color_id)));
  const existing = new Map((parts?.variants ?? []).map((v) => [pairKey(v.size_id, v.color_id), v]));
  for (const v of parts?.variants ?? []) {
    if (wanted.has(pairKey(v.size_id, v.color_id))) continue;
    await repo.deleteVariant(db, productId, v.size_id, v.color_id);
  }
  // SKUs cleared first, so two variants of this product can swap theirs.
  for (const v of parts?.variants ?? []) {
    if (v.sku !== null) await repo.setVariantSku(db, productId, v.size_id, v.color_id, null);
  }
  for (const v of input.variants) {
    const old = existing.get(pairKey(v.size_id, v.color_id));
    if (old) await repo.setVariantSku(db, productId, v.size_id, v.color_id, v.sku ?? null);
    else await repo.insertVariant(db, productId, v.size_id, v.color_id, v.sku ?? null);
    await setStock(tx, who.shopId, { product_id: productId, size_id: v.size_id, color_id: v.color_id }, v.stock, {
      reason,
      userId: who.userId,
    });
  }
  await repo.replaceImages(db, productId, images);
  return productId;
}

/**
 * A sale price was accepted because it was below the product's price; a later price at or below it
 * would have the sale charge more than the product's own price. So while the product is in a sale
 * that has not ended, its price (the discount price when it has one) stays above the sale's.
 */
async function checkAboveSalePrice(db: Db, id: number, input: ProductInput) {
  const lowest = await repo.lowestOpenSalePrice(db, id, clock.iso());
  if (lowest === undefined) return;
  const field = input.discount_price !== 0 ? "discount_price" : "price";
  if (toMinor(input[field]) <= lowest) throw fieldError(field, SELLER_PRODUCT_MESSAGES.priceAboveSalePrice);
}

/**
 * Saves the form in one transaction (stock changes logged as "edit"), then empties the visitors'
 * kept catalogue answers so the storefront shows the change at once, and removes the files of
 * images the product no longer shows.
 */
export async function saveProduct(
  deps: ProductsDeps,
  who: Saver,
  id: number | null,
  input: ProductInput,
): Promise<SellerProductDetail> {
  const { savedId, dropped } = await writeTransaction(deps.dbh, async (trx) => {
    const tx = inTransaction(deps, trx);
    const old = id === null ? [] : (await repo.productParts(trx, id)).images;
    const savedId = await saveProductIn(tx, who, id, input, "edit");
    await queueIndexing(tx, [savedId]);
    const kept = new Set(input.images);
    return { savedId, dropped: old.filter((u) => !kept.has(u)) };
  });
  clearCatalogCache();
  await removeUnusedImages(deps, dropped);
  return getProduct(deps, who.shopId, savedId);
}

/** Sets one variant's stock from the stock page, then shows it in the storefront at once. */
export async function restockVariant(
  deps: ProductsDeps,
  who: Saver,
  body: RestockBody,
): Promise<z.infer<typeof restockData>> {
  const { add, ...variant } = body;
  const stock = await writeTransaction(deps.dbh, async (trx) => {
    const tx = inTransaction(deps, trx);
    const after = await restock(tx, who.shopId, variant, add, who.userId);
    if (after !== null) await queueIndexing(tx, [variant.product_id]);
    return after;
  });
  if (stock === null) throw notFound("Product");
  clearCatalogCache();
  return { stock };
}

async function removeUnusedImages(deps: ProductsDeps, urls: string[]) {
  for (const url of urls) {
    if (!(await repo.imageInUse(deps.dbh.db, url))) await removeProductImage(deps.config, url);
  }
}

// ---- images ----

/** Keeps an uploaded product image and queues its copies; answers its URL and srcset. */
export async function uploadProductImage(deps: Pick<AppDeps, "config" | "jobs">, upload: ImageUpload | undefined) {
  if (!upload) throw fieldError("image", "The image field is required.");
  return storeProductImage(deps, upload);
}

// ---- bulk ----

/**
 * Publishes, unpublishes, deletes or moves products of the shop in one transaction. Ids of another
 * shop (or of no product) are skipped with "Product not found" rather than failing the whole
 * action: the seller sees which ones, and learns nothing about another shop's products. Ordered
 * products are skipped by a delete (they stay in the orders' history; unpublish them instead).
 */
export async function bulkAction(
  deps: ProductsDeps,
  shopId: number,
  body: z.output<typeof sellerBulkBody>,
): Promise<{ changed: number; skipped: { id: number; reason: string }[] }> {
  const ids = [...new Set(body.ids)];
  const result = await writeTransaction(deps.dbh, async (trx) => {
    const tx = inTransaction(deps, trx);
    if (body.action === "category") {
      await checkCategory(tx, body.category_id as number, body.sub_category_id);
    }
    const owned = await repo.ownedIds(trx, shopId, ids);
    // Variants first, then products: the order every transaction takes them in.
    await lockVariantsOf(tx, owned);
    const ownedSet = new Set(owned);
    const skipped = ids.filter((i) => !ownedSet.has(i)).map((i) => ({ id: i, reason: notFound("Product").message }));
    if (owned.length === 0) return { changed: 0, skipped, images: [] as string[] };
    const now = clock.iso();
    switch (body.action) {
      case "publish":
      case "unpublish":
        await repo.setProducts(trx, owned, { is_active: body.action === "publish" ? 1 : 0, updated_at: now });
        return { changed: owned.length, skipped, images: [] };
      case "category":
        await repo.setProducts(trx, owned, {
          category_id: body.category_id as number,
          sub_category_id: body.sub_category_id ?? null,
          updated_at: now,
        });
        await queueIndexing(tx, owned);
        return { changed: owned.length, skipped, images: [] };
      case "delete": {
        const ordered = await repo.orderedIds(trx, owned);
        const removable = owned.filter((i) => !ordered.has(i));
        for (const i of owned) if (ordered.has(i)) skipped.push({ id: i, reason: SELLER_PRODUCT_MESSAGES.hasOrders });
        const images = await repo.imagesOf(trx, removable);
        await forgetProducts(tx, removable);
        await repo.deleteProducts(trx, removable);
        await queueIndexing(tx, removable);
        return { changed: removable.length, skipped, images };
      }
    }
  });
  clearCatalogCache();
  await removeUnusedImages(deps, result.images);
  return { changed: result.changed, skipped: result.skipped };
}
