import type {
  Category,
  FlashSale,
  Home,
  Paginated,
  ProductCard,
  ProductDetails,
  ProductList,
  ProductQuery,
  Shop,
  ShopSummary,
} from "@market/contract";
import type { Selectable } from "kysely";
import sanitizeHtml from "sanitize-html";
import type { Db, DbHandle } from "../../db/index.ts";
import type { FlashSalesTable, ShopsTable } from "../../db/schema.ts";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { KeptAnswer } from "../../lib/http-cache.ts";
import { fallbackLangs, tr } from "../../lib/i18n.ts";
import { toMajor, toMinor } from "../../lib/money.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { type ListPrice, offerOf, quote, type RunningSale, runningSales } from "../pricing/pricing.service.ts";
import { vatName } from "../pricing/totals.ts";
import * as reviewList from "../reviews/review-list.service.ts";
import * as repo from "./catalog.repository.ts";
import { KeptByVersion, perDatabase } from "./shown.ts";

type ReviewFilter = {
  rating?: number | undefined;
  sort?: "newest" | "highest" | "lowest" | undefined;
  photos?: boolean | undefined;
};

import { searchMatches, wordsMatch, wordsOf } from "./search.ts";

// Catalog rules: effective prices, product cards, lists, details, shops, categories, flash sales.

const HOME_LIST_SIZE = 10;
const HOME_SHOPS = 8;
const RELATED_SIZE = 10;
const DETAIL_REVIEWS = 5;

/** Rows grouped by a key (Map.groupBy arrives after Node 20). */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Recent `cleanHtml` answers: a product page sanitised its description on every read. */
const cleaned = new TtlCache<string>(3_600_000, 500);

/** Sanitised HTML of a product description, blog body or page: formatting only, no scripts or handlers. */
export function cleanHtml(html: string): string {
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitize(html);
  cleaned.set(html, clean);
  return clean;
}

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "span"],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height"],
      "*": ["class", "dir", "lang"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}

/** Ratings are stored as exact averages and shown with one decimal. */
const roundRating = (rating: number) => Math.round(Number(rating) * 10) / 10;

// --- the visitors' cache ------------------------------------------------------------------------

/**
 * The visitors' caches of the running apps (their API answers, catalog.routes.ts, and their pages,
 * seo/boot.ts), held weakly: a closed app's go.
 */
const visitorCaches = new Set<WeakRef<TtlCache<unknown>>>();

/** A new cache of what visitors are answered (an API answer by default) that `clearCatalogCache` empties. */
export function visitorAnswerCache<T = KeptAnswer>(ttlMs: number, maxEntries = 2000): TtlCache<T> {
  const cache = new TtlCache<T>(ttlMs, maxEntries);
  visitorCaches.add(new WeakRef(cache));
  return cache;
}

const clockChanges = perDatabase(() => ({ version: -1, until: 0 }));

/**
 * The catalogue's version (migrations 025 and 026: triggers move it on every write a list, a search,
 * a product page or home may show) and until when an answer built at it holds: the next time a
 * flash sale or a banner starts or ends, which changes them by the clock. One query while neither
 * moved.
 */
export async function catalogState({ dbh }: DbDeps): Promise<{ version: number; until: number }> {
  const version = await repo.catalogVersion(dbh.db);
  const now = clock.ms();
  const known = clockChanges(dbh.db);
  if (known?.version === version && now < known.until) return { version, until: known.until };
  const next = await repo.nextClockChange(dbh.db, new Date(now).toISOString());
  const until = next === null ? Number.POSITIVE_INFINITY : Date.parse(next);
  if (known) Object.assign(known, { version, until });
  return { version, until };
}

/** Empties the visitors' answers at once, after a change they would otherwise show for a few seconds more. */
export function clearCatalogCache(): void {
  for (const ref of visitorCaches) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else visitorCaches.delete(ref);
  }
}

// --- product cards ----------------------------------------------------------------------------

function shopSummaryOf(
  s: Pick<
    Selectable<ShopsTable>,
    "id" | "name" | "slug" | "logo" | "rating" | "estimated_delivery_time" | "delivery_charge" | "i18n" | "is_open"
  >,
  locale: string,
): ShopSummary {
  return {
    id: s.id,
    name: tr(s, "name", locale),
    slug: s.slug,
    logo: s.logo,
    rating: roundRating(s.rating),
    estimated_delivery_time: s.estimated_delivery_time,
    delivery_charge: toMajor(s.delivery_charge),
    is_open: s.is_open === 1,
  };
}

type Sales = Awaited<ReturnType<typeof runningSales>>;

/** What a card shows but its prices, which `quote` makes from the product's own (`list`) and a flash sale. */
type UnpricedCard = Omit<ProductCard, "price" | "discount_price" | "discount_percentage" | "flash_sale">;

/** A card priced without a flash sale, and the product's own prices, to price it with one. */
type KeptCard = { card: ProductCard; list: ListPrice };

function pricedCard(card: UnpricedCard, list: ListPrice, sale: RunningSale | undefined, locale: string): ProductCard {
  const q = quote(list, 0, offerOf(sale), 1);
  return {
    ...card,
    price: toMajor(q.price),
    discount_price: toMajor(q.discount_price),
    discount_percentage: q.discount_percentage,
    flash_sale: sale
      ? {
          id: sale.flash_sale_id,
          name: tr(sale, "name", locale),
          sale_price: toMajor(sale.sale_price),
          quantity: sale.quantity,
          sold: sale.sold,
          end_date: sale.end_date,
        }
      : null,
  };
}

/** Cards as built from the database, kept by product version (shown.ts): 10,000 products in 2 languages. */
const keptCards = perDatabase(() => new KeptByVersion<KeptCard>(20_000));

/** The cards of `ids` as the database has them, but their flash sales; from one batch of queries. */
async function buildCards(dbh: DbHandle, ids: number[], locale: string): Promise<KeptCard[]> {
  const rows = await repo.cardRows(dbh, ids, locale);
  const sizes = groupBy(rows.sizes, (r) => r.product_id);
  const colors = groupBy(rows.colors, (r) => r.product_id);
  return rows.products.map((p) => {
    const list = { price: p.price, discount_price: p.discount_price };
    const card: UnpricedCard = {
      id: p.id,
      name: p.name,
      slug: p.slug,
      thumbnail: p.thumbnail,
      rating: roundRating(p.rating),
      total_reviews: p.total_reviews,
      total_sold: p.total_sold,
      quantity: Number(p.quantity ?? 0),
      sizes: (sizes.get(p.id) ?? []).map((z) => ({ id: z.id, name: z.name, price: toMajor(z.price) })),
      colors: (colors.get(p.id) ?? []).map((k) => ({
        id: k.id,
        name: tr(k, "name", locale),
        color_code: k.color_code,
        price: toMajor(k.price),
      })),
      unit:
        p.unit_id === null
          ? null
          : { id: p.unit_id, name: tr({ name: p.unit_name ?? "", i18n: p.unit_i18n ?? "{}" }, "name", locale) },
      brand: p.brand_id === null ? null : { id: p.brand_id, name: p.brand_name ?? "", slug: p.brand_slug ?? "" },
      category: {
        id: p.category_id,
        name: tr({ name: p.category_name, i18n: p.category_i18n }, "name", locale),
        slug: p.category_slug,
      },
      shop: shopSummaryOf(
        {
          id: p.shop_id,
          name: p.shop_name,
          slug: p.shop_slug,
          logo: p.shop_logo,
          rating: p.shop_rating,
          estimated_delivery_time: p.shop_estimated_delivery_time,
          delivery_charge: p.shop_delivery_charge,
          i18n: p.shop_i18n,
          is_open: p.shop_is_open,
        },
        locale,
      ),
    };
    return { list, card: pricedCard(card, list, undefined, locale) };
  });
}

/**
 * Product cards for ids, in the order of the ids: kept ones while their product's version holds,
 * the rest built in one batch, each priced with its running flash sale. `sales` and `versions`:
 * those of the ids, when the caller asks for them itself.
 */
export async function productCards(
  { dbh }: DbDeps,
  ids: number[],
  locale: string,
  sales: Promise<Sales> = runningSales({ dbh }, ids, clock.iso()),
  versions: Promise<repo.ShownVersions> = repo.shownVersions(dbh.db, ids),
): Promise<ProductCard[]> {
  const [shown, saleOf] = await Promise.all([versions, sales]);
  const store = keptCards(dbh.db);
  const kept = new Map<number, KeptCard>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const hit = store?.get(id, locale, shown.get(id)?.version);
    if (hit) kept.set(id, hit);
    else if (shown.has(id)) missing.push(id);
  }
  if (missing.length > 0) {
    for (const built of await buildCards(dbh, missing, locale)) {
      kept.set(built.card.id, built);
      const version = shown.get(built.card.id)?.version;
      if (version !== undefined) store?.set(built.card.id, locale, version, built);
    }
  }
  // Most cards are on no sale: the kept card itself, shared by the answers that show it.
  return ids.flatMap((id) => {
    const k = kept.get(id);
    if (!k) return [];
    const sale = saleOf.get(id);
    return [sale ? pricedCard(k.card, k.list, sale, locale) : k.card];
  });
}

/** The cards of the listed products among `ids`, in their order (a shopper's recently viewed). */
export async function cardsOf({ dbh }: DbDeps, ids: number[], locale: string) {
  const versions = repo.shownVersions(dbh.db, ids);
  const shown = await versions;
  const listed = ids.filter((id) => shown.get(id)?.listed);
  return { products: await productCards({ dbh }, listed, locale, undefined, versions) };
}

/** Cards for several lists of ids from one batch; `pick(ids)` answers a list's cards in its order. */
async function cardPicker(
  deps: DbDeps,
  lists: number[][],
  locale: string,
  sales?: Promise<Sales>,
  versions?: Promise<repo.ShownVersions>,
) {
  const ids = [...new Set(lists.flat())];
  const cards = new Map((await productCards(deps, ids, locale, sales, versions)).map((c) => [c.id, c]));
  return (ids: number[]) => ids.flatMap((id) => cards.get(id) ?? []);
}

async function cardPage(
  dbh: DbHandle,
  filter: repo.ProductFilter,
  order: repo.ProductOrder,
  page: PageArgs,
  locale: string,
  /** the filter's number of products, when the caller knows it */
  known?: Promise<number>,
): Promise<Paginated<ProductCard>> {
  const now = clock.iso();
  const [cards, total] = await Promise.all([
    repo
      .productPage(dbh.db, filter, order, pageWindow(page), now)
      .then((shown) => productCards({ dbh }, [...shown.keys()], locale, undefined, Promise.resolve(shown))),
    known ?? repo.countProducts(dbh.db, filter, now),
  ]);
  return paginate(cards, total, page);
}

// --- product lists ----------------------------------------------------------------------------

const emptyFilters = { categories: [], brands: [], sizes: [], colors: [], min_price: 0, max_price: 0 };

export async function listProducts({ dbh }: DbDeps, q: ProductQuery, locale: string): Promise<ProductList> {
  const page = { page: q.page, per_page: q.per_page };
  let search: repo.ProductFilter["search"];
  if (q.search) {
    const matches = await searchMatches(dbh, q.search);
    // Text with no searchable word (only punctuation) matches nothing.
    if (!matches) return { ...paginate([], 0, page), filters: emptyFilters };
    search = matches;
  }
  const scope: repo.ProductFilter = {
    search,
    shopId: q.shop_id,
    categoryId: q.category_id,
    subCategoryId: q.sub_category_id,
    discounted: q.discounted,
  };
  const narrowing: repo.ProductFilter = {
    brandId: q.brand_id,
    colorId: q.color_id,
    sizeId: q.size_id,
    rating: q.rating,
    minPrice: q.min_price === undefined ? undefined : toMinor(q.min_price),
    maxPrice: q.max_price === undefined ? undefined : toMinor(q.max_price),
  };
  const filter: repo.ProductFilter = { ...scope, ...narrowing };
  const order: repo.ProductOrder = q.sort ?? (search ? "relevance" : "newest");
  // A list nothing narrows is the facets' scope, which they count. On PostgreSQL a search's page by
  // relevance is read off the matches the facets find, rather than found again by a query of its
  // own; on SQLite that is slower (bm25 over materialized matches; docs/decisions.md, issue 18).
  const narrowed = Object.values(narrowing).some((v) => v !== undefined);
  const pageOfScope = dbh.pg && search !== undefined && !narrowed && order === "relevance";
  const facetsOfScope = repo.productFacets(dbh.db, scope, clock.iso(), pageOfScope ? pageWindow(page) : undefined);
  const [list, facets] = await Promise.all([
    pageOfScope
      ? facetsOfScope.then(async (f) => paginate(await productCards({ dbh }, f.pageIds, locale), f.total, page))
      : cardPage(dbh, filter, order, page, locale, narrowed ? undefined : facetsOfScope.then((f) => f.total)),
    facetsOfScope,
  ]);
  return {
    ...list,
    filters: {
      categories: facets.categories.map((c) => ({ id: c.id, name: tr(c, "name", locale) })),
      brands: facets.brands.map((b) => ({ id: b.id, name: b.name })),
      sizes: facets.sizes.map((z) => ({ id: z.id, name: z.name })),
      colors: facets.colors.map((k) => ({ id: k.id, name: tr(k, "name", locale), color_code: k.color_code })),
      min_price: toMajor(facets.minPrice),
      max_price: toMajor(facets.maxPrice),
    },
  };
}

export const brands = async ({ dbh }: DbDeps) => ({ brands: await repo.brandsWithCounts(dbh.db) });

export const mostPopular = ({ dbh }: DbDeps, page: PageArgs, locale: string) =>
  cardPage(dbh, {}, "popular_product", page, locale);

export const bestDeals = ({ dbh }: DbDeps, page: PageArgs, locale: string) =>
  cardPage(dbh, { discounted: true }, "best_deal", page, locale);

// --- product details and reviews --------------------------------------------------------------

const VIEW_FLUSH_MS = 200;

/**
 * Product views, counted in memory and written together every 200 ms and when the app closes: a
 * product page costs no write of its own, and a popular product's row is not updated by every
 * visitor at once (on PostgreSQL they would queue on its row lock).
 */
export function productViewCounter({ dbh }: DbDeps, log: (message: string) => void) {
  let pending = new Map<number, number>();
  const flush = async () => {
    if (pending.size === 0) return;
    const counts = pending;
    pending = new Map();
    await repo.addProductViews(dbh, counts).catch((e: Error) => log(`product views not counted: ${e.message}`));
  };
  const timer = setInterval(flush, VIEW_FLUSH_MS);
  timer.unref();
  return {
    add: (id: number) => {
      pending.set(id, (pending.get(id) ?? 0) + 1);
    },
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

/** What a product page shows of the product beside its card, but its variants' prices (a sale changes them). */
type KeptDetails = Omit<ProductDetails, keyof ProductCard | "variants" | "meta_title"> & {
  meta_title: string;
  list: ListPrice;
  variants: Array<{ size_id: number; color_id: number; stock: number; surcharge: number }>;
};

/** The most visited product pages' own parts (a description and five reviews: a few KB each). */
const keptDetails = perDatabase(() => new KeptByVersion<KeptDetails>(5_000));

/**
 * A product page's related products (its category's best rated) and the most popular, recomputed at
 * most once a minute rather than per request; the page shows those still listed.
 */
const RELATED_MS = 60_000;
const keptLists = perDatabase(() => new TtlCache<number[]>(RELATED_MS, 20_000));

/** `read()`, or what it answered less than a minute ago. */
async function keptList(db: Db, key: string, read: () => Promise<number[]>): Promise<number[]> {
  const lists = keptLists(db);
  const hit = lists?.get(key);
  if (hit) return hit;
  const ids = await read();
  lists?.set(key, ids);
  return ids;
}

/** The most visited products: one more than a product page shows beside itself. */
const popularIds = (db: Db) =>
  keptList(db, "popular", () =>
    repo.productIds(db, {}, "popular_product", { limit: RELATED_SIZE + 1, offset: 0 }, clock.iso()),
  );

async function relatedAndPopular(db: Db, id: number) {
  const [related, popular] = await Promise.all([
    keptList(db, `related:${id}`, () => repo.relatedProductIds(db, id, RELATED_SIZE)),
    popularIds(db),
  ]);
  return { related, popular: popular.filter((p) => p !== id).slice(0, RELATED_SIZE) };
}

async function buildDetails(dbh: DbHandle, id: number, locale: string): Promise<KeptDetails> {
  const product = await repo.productById(dbh.db, id);
  if (!product) throw notFound("Product");
  const summary = reviewList.reviewSummary({ dbh }, id);
  const [extras, reviews] = await Promise.all([
    repo.productExtras(dbh.db, product),
    // the first page of every shown review: as many as the summary counts
    summary.then((s) =>
      reviewList.reviewPage({ dbh }, id, { page: 1, per_page: DETAIL_REVIEWS }, locale, undefined, s.count),
    ),
  ]);
  return {
    list: { price: product.price, discount_price: product.discount_price },
    short_description: tr(product, "short_description", locale),
    description: cleanHtml(tr(product, "description", locale)),
    ...fallbackLangs(product, ["short_description", "description"], locale),
    thumbnails: [product.thumbnail, ...extras.images.map((i) => i.url).filter((u) => u !== product.thumbnail)],
    variants: extras.variants.map((v) => ({
      size_id: v.size_id,
      color_id: v.color_id,
      stock: v.stock,
      surcharge: (v.size_surcharge ?? 0) + (v.color_surcharge ?? 0),
    })),
    vat:
      product.vat_name === null
        ? null
        : {
            name: vatName({ name: product.vat_name, i18n: product.vat_i18n ?? "{}" }, locale),
            rate: Number(product.vat_rate_bp) / 100,
          },
    sub_category:
      product.sub_category_id === null || product.sub_category_name === null
        ? null
        : {
            id: product.sub_category_id,
            name: tr({ name: product.sub_category_name, i18n: product.sub_category_i18n ?? "{}" }, "name", locale),
          },
    meta_title: tr(product, "meta_title", locale),
    meta_description: tr(product, "meta_description", locale) || tr(product, "short_description", locale),
    review_summary: await summary,
    reviews: reviews.data,
  };
}

/**
 * A product page: two queries (the versions of its products and their flash sales) while its parts
 * are kept by version; the rest is built again only for what changed.
 */
export async function productDetails({ dbh }: DbDeps, id: number, locale: string) {
  const { related, popular } = await relatedAndPopular(dbh.db, id);
  const ids = [...new Set([id, ...related, ...popular])];
  const versions = repo.shownVersions(dbh.db, ids);
  const sales = runningSales({ dbh }, ids, clock.iso());
  const [shown, saleOf] = await Promise.all([versions, sales]);
  const own = shown.get(id);
  if (!own?.listed) throw notFound("Product");
  const store = keptDetails(dbh.db);
  let kept = store?.get(id, locale, own.version);
  if (!kept) {
    kept = await buildDetails(dbh, id, locale);
    store?.set(id, locale, own.version, kept);
  }
  const listed = (list: number[]) => list.filter((p) => shown.get(p)?.listed);
  const [relatedIds, popularIds] = [listed(related), listed(popular)];
  const pick = await cardPicker({ dbh }, [[id], relatedIds, popularIds], locale, sales, versions);
  const [card] = pick([id]);
  if (!card) throw notFound("Product");
  const offer = offerOf(saleOf.get(id));
  const { list, variants, meta_title, ...rest } = kept;
  const details: ProductDetails = {
    ...card,
    ...rest,
    variants: variants.map(({ surcharge, ...v }) => {
      const q = quote(list, surcharge, offer, 1);
      return {
        ...v,
        price: toMajor(q.price),
        discount_price: toMajor(q.discount_price),
        discount_percentage: q.discount_percentage,
      };
    }),
    meta_title: meta_title || card.name,
  };
  return { product: details, related_products: pick(relatedIds), popular_products: pick(popularIds) };
}

export async function productReviews(
  { dbh }: DbDeps,
  id: number,
  q: PageArgs & ReviewFilter,
  locale: string,
  viewerId: number | undefined,
) {
  const product = await repo.productById(dbh.db, id);
  if (!product) throw notFound("Product");
  const [summary, reviews] = await Promise.all([
    reviewList.reviewSummary({ dbh }, id),
    reviewList.reviewPage({ dbh }, id, q, locale, viewerId),
  ]);
  return { summary, reviews };
}

// --- categories -------------------------------------------------------------------------------

export async function categories({ dbh }: DbDeps, locale: string): Promise<Category[]> {
  const { categories, subs, counts } = await repo.categoriesWithSubs(dbh.db);
  const subsOf = groupBy(subs, (s) => s.category_id);
  return categories.map((c) => ({
    id: c.id,
    name: tr(c, "name", locale),
    slug: c.slug,
    thumbnail: c.thumbnail,
    total_products: counts.get(c.id) ?? 0,
    sub_categories: (subsOf.get(c.id) ?? []).map((s) => ({
      id: s.id,
      name: tr(s, "name", locale),
      slug: s.slug,
      thumbnail: s.thumbnail,
    })),
  }));
}

// --- shops ------------------------------------------------------------------------------------

type ShopRow = Awaited<ReturnType<typeof repo.shopsByIds>>[number];

function shopOf(s: ShopRow, locale: string): Shop {
  return {
    ...shopSummaryOf(s, locale),
    banner: s.banner,
    description: tr(s, "description", locale),
    ...fallbackLangs(s, ["description"], locale),
    address: s.address,
    total_reviews: s.total_reviews,
    total_products: Number(s.total_products ?? 0),
    is_online: s.last_online !== null && s.last_online > clock.iso(),
    created_at: s.created_at,
  };
}

async function shopsInOrder(dbh: DbHandle, ids: number[], locale: string): Promise<Shop[]> {
  const byId = new Map((await repo.shopsByIds(dbh.db, ids)).map((s) => [s.id, s]));
  return ids.flatMap((id) => {
    const s = byId.get(id);
    return s ? [shopOf(s, locale)] : [];
  });
}

function namesOf(row: { name: string; i18n: string }): string[] {
  const names = [row.name];
  try {
    for (const fields of Object.values(JSON.parse(row.i18n) as Record<string, { name?: string }>)) {
      if (typeof fields?.name === "string") names.push(fields.name);
    }
  } catch {
    // a malformed translation column leaves the English name
  }
  return names;
}

export async function listShops({ dbh }: DbDeps, q: PageArgs & { search?: string | undefined }, locale: string) {
  let rows = await repo.activeShopNames(dbh.db);
  if (q.search) {
    const terms = wordsOf(q.search);
    // Shops are few, so they are matched in memory rather than through an index.
    rows = rows.filter((r) => wordsMatch(terms, namesOf(r)));
  }
  const { limit, offset } = pageWindow(q);
  const ids = rows.slice(offset, offset + limit).map((r) => r.id);
  return paginate(await shopsInOrder(dbh, ids, locale), rows.length, q);
}

export async function shopDetails({ dbh }: DbDeps, id: number, locale: string) {
  const [shop] = await shopsInOrder(dbh, [id], locale);
  if (!shop) throw notFound("Shop");
  const cats = await repo.shopCategories(dbh.db, id);
  return { shop, categories: cats.map((c) => ({ id: c.id, name: tr(c, "name", locale) })) };
}

// --- flash sales and home ---------------------------------------------------------------------

const flashSaleOf = (f: Selectable<FlashSalesTable>, locale: string): FlashSale => ({
  id: f.id,
  name: tr(f, "name", locale),
  thumbnail: f.thumbnail,
  start_date: f.start_date,
  end_date: f.end_date,
});

export async function flashSales({ dbh }: DbDeps, locale: string) {
  const now = clock.iso();
  const [running, incoming] = await Promise.all([
    repo.runningFlashSale(dbh.db, now),
    repo.incomingFlashSale(dbh.db, now),
  ]);
  return {
    running: running ? flashSaleOf(running, locale) : null,
    incoming: incoming ? flashSaleOf(incoming, locale) : null,
  };
}

export async function flashSaleDetails(
  { dbh }: DbDeps,
  id: number,
  q: PageArgs & { category_id?: number | undefined },
  locale: string,
) {
  const sale = await repo.flashSaleById(dbh.db, id);
  if (!sale) throw notFound("Flash sale");
  const [cards, total, cats] = await Promise.all([
    repo
      .flashSaleProductIds(dbh.db, id, q.category_id, pageWindow(q))
      .then((ids) => productCards({ dbh }, ids, locale)),
    repo.countFlashSaleProducts(dbh.db, id, q.category_id),
    repo.flashSaleCategories(dbh.db, id),
  ]);
  return {
    flash_sale: flashSaleOf(sale, locale),
    categories: cats.map((c) => ({ id: c.id, name: tr(c, "name", locale) })),
    products: paginate(cards, total, q),
  };
}

export async function home({ dbh }: DbDeps, locale: string): Promise<Home> {
  const { db } = dbh;
  const now = clock.iso();
  const first = pageWindow({ page: 1, per_page: HOME_LIST_SIZE });
  // The rows' products are kept lists, like a product page's; their cards are as of now.
  const [bannerRows, cats, running, popular, deals, newest, shopRows] = await Promise.all([
    repo.banners(db, now),
    categories({ dbh }, locale),
    repo.runningFlashSale(db, now),
    popularIds(db).then((ids) => ids.slice(0, HOME_LIST_SIZE)),
    keptList(db, "best deals", () => repo.productIds(db, { discounted: true }, "best_deal", first, now)),
    keptList(db, "newest", () => repo.productIds(db, {}, "newest", first, now)),
    repo.activeShopNames(db),
  ]);
  const saleIds = running
    ? await keptList(db, `flash sale:${running.id}`, () => repo.flashSaleProductIds(db, running.id, undefined, first))
    : [];
  const ids = [...new Set([...saleIds, ...popular, ...deals, ...newest])];
  const versions = repo.shownVersions(db, ids);
  const sales = runningSales({ dbh }, ids, now);
  const shown = await versions;
  const listed = (list: number[]) => list.filter((id) => shown.get(id)?.listed);
  const rows = { sale: listed(saleIds), popular: listed(popular), deals: listed(deals), newest: listed(newest) };
  const [pick, shops] = await Promise.all([
    cardPicker({ dbh }, Object.values(rows), locale, sales, versions),
    shopsInOrder(
      dbh,
      shopRows.slice(0, HOME_SHOPS).map((s) => s.id),
      locale,
    ),
  ]);
  return {
    banners: bannerRows.map((b) => ({
      id: b.id,
      title: tr(b, "title", locale),
      subtitle: tr(b, "subtitle", locale),
      image: b.image,
      url: b.url,
    })),
    categories: cats,
    flash_sale: running ? { ...flashSaleOf(running, locale), products: pick(rows.sale) } : null,
    popular_products: pick(rows.popular),
    // a deal that ended since its row was read leaves it at once
    best_deals: pick(rows.deals).filter((p) => p.discount_percentage > 0),
    new_arrivals: pick(rows.newest),
    shops,
  };
}
