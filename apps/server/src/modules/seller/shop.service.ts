import {
  DASHBOARD_DAYS,
  DASHBOARD_TOP_PRODUCTS,
  ORDER_STATUSES,
  SELLER_SHOP_MESSAGES,
  type SellerDashboard,
  type SellerShopBody,
  type SellerShopProfile,
  SHOP_IMAGE_MAX_BYTES,
  type ShopImageField,
  type sellerShopBody,
} from "@market/contract";
import type { z } from "zod";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { dayIn, dayStartIn, daysUpTo } from "../../lib/days.ts";
import { fieldError, notFound } from "../../lib/errors.ts";
import { type ImageUpload, imageExtension } from "../../lib/image-upload.ts";
import { toMajor, toMinor } from "../../lib/money.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { clearCatalogCache } from "../catalog/catalog.service.ts";
import { toDefaultCurrency } from "../payments/gateways.ts";
import { shopNameTaken } from "../seller-signup/seller-signup.service.ts";
import * as repo from "./shop.repository.ts";

// The Seller Centre's shop profile (what the storefront shows of the shop, and whether it takes
// orders) and its dashboard.

type ShopDeps = Pick<AppDeps, "dbh" | "config">;
type I18n = Record<string, { name?: string; description?: string }>;

function parseI18n(json: string): I18n {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" ? (v as I18n) : {};
  } catch {
    return {};
  }
}

function profileOf(r: repo.ShopProfileRow): SellerShopProfile {
  const translations: SellerShopProfile["translations"] = {};
  for (const [locale, fields] of Object.entries(parseI18n(r.i18n))) {
    translations[locale] = { name: fields?.name ?? null, description: fields?.description ?? null };
  }
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    logo: r.logo,
    banner: r.banner,
    description: r.description,
    translations,
    delivery_charge: toMajor(r.delivery_charge),
    estimated_delivery_time: r.estimated_delivery_time,
    is_open: r.is_open === 1,
    phone: r.phone,
    email: r.email,
    low_stock_threshold: r.low_stock_threshold,
    url: `/shops/${r.id}`,
  };
}

async function profileRow(deps: DbDeps, shopId: number) {
  const row = await repo.shopProfile(deps.dbh.db, shopId);
  if (!row) throw notFound("Shop");
  return row;
}

export async function shopProfile(deps: DbDeps, shopId: number): Promise<SellerShopProfile> {
  return profileOf(await profileRow(deps, shopId));
}

/**
 * Saves the profile. Translations keep the storefront's shape, `{ "ar": { "name", "description" } }`
 * in the shop's `i18n` column (read by `tr`); a blank translation falls back to the default text.
 */
export async function updateShopProfile(
  deps: DbDeps,
  shopId: number,
  body: z.output<typeof sellerShopBody> | SellerShopBody,
): Promise<SellerShopProfile> {
  const before = await profileRow(deps, shopId);
  const name = body.name.trim();
  if (await shopNameTaken(deps, name, shopId)) throw fieldError("name", SELLER_SHOP_MESSAGES.nameTaken);
  const i18n: I18n = {};
  for (const [locale, t] of Object.entries(body.translations ?? {})) {
    const fields: { name?: string; description?: string } = {};
    if (t.name) fields.name = t.name;
    if (t.description) fields.description = t.description;
    if (Object.keys(fields).length > 0) i18n[locale] = fields;
  }
  try {
    await repo.updateShop(deps.dbh.db, shopId, {
      name,
      description: body.description ?? "",
      i18n: JSON.stringify(i18n),
      delivery_charge: toMinor(body.delivery_charge),
      estimated_delivery_time: body.estimated_delivery_time.trim(),
      is_open: body.is_open ? 1 : 0,
      phone: body.phone ?? null,
      email: body.email ?? null,
      low_stock_threshold: body.low_stock_threshold,
    });
  } catch (e) {
    // A unique name lost to a parallel save answers as the check would have.
    if (before.name !== name && (await shopNameTaken(deps, name, shopId)))
      throw fieldError("name", SELLER_SHOP_MESSAGES.nameTaken);
    throw e;
  }
  clearCatalogCache();
  return shopProfile(deps, shopId);
}

/** Replaces the shop's logo or banner with an uploaded jpg, png or webp (checked by content). */
export async function updateShopImage(
  deps: ShopDeps,
  shopId: number,
  field: ShopImageField,
  upload: ImageUpload,
): Promise<SellerShopProfile> {
  const before = await profileRow(deps, shopId);
  const ext = await imageExtension(upload, {
    field,
    maxBytes: SHOP_IMAGE_MAX_BYTES,
    tooLarge: SELLER_SHOP_MESSAGES.imageTooLarge,
    badType: SELLER_SHOP_MESSAGES.imageBadType,
  });
  const url = await saveUpload(deps.config, "shops", ext, upload.bytes);
  try {
    await repo.updateShop(deps.dbh.db, shopId, field === "logo" ? { logo: url } : { banner: url });
  } catch (e) {
    await removeUpload(deps.config, url);
    throw e;
  }
  await removeUpload(deps.config, field === "logo" ? before.logo : before.banner);
  clearCatalogCache();
  return shopProfile(deps, shopId);
}

// ---- dashboard ----

/**
 * A shop's figures, or with `shopId` null the whole marketplace's: sales (payable amounts of orders
 * that are not cancelled) today, over the last 7 and 30 days (today included), orders per status,
 * the top products by units over 30 days and the daily sales of those 30 days, each day present.
 * Days are the reader's (`zone`), UTC when not given. Orders are counted in ten-minute stretches of
 * their UTC stamp, so a zone half an hour off UTC counts exactly (one 45 minutes off, to 5 minutes).
 */
export async function salesFigures(
  deps: DbDeps,
  shopId: number | null,
  locale: string,
  zone = "UTC",
): Promise<SellerDashboard> {
  const { db } = deps.dbh;
  const days = daysUpTo(dayIn(zone, clock.now().getTime()), DASHBOARD_DAYS);
  const from = new Date(dayStartIn(zone, days[0] as string)).toISOString();
  const utc = zone === "UTC";
  const [bySlotAndCurrency, byStatus, ranked, inDefault] = await Promise.all([
    repo.salesBySlot(db, shopId, from, utc ? 10 : 15),
    repo.ordersByStatus(db, shopId),
    repo.topProducts(deps.dbh, shopId, from, DASHBOARD_TOP_PRODUCTS, locale),
    toDefaultCurrency(deps),
  ]);
  const dayOf = (slot: string) => (utc ? slot : dayIn(zone, Date.parse(`${slot}0:00Z`)));
  const byDate = new Map<string, { amount: number; orders: number }>();
  for (const d of bySlotAndCurrency) {
    const key = dayOf(d.slot);
    const day = byDate.get(key) ?? { amount: 0, orders: 0 };
    byDate.set(key, { amount: day.amount + inDefault(d.currency, d.amount), orders: day.orders + d.orders });
  }
  // Orders charged in another currency than today's default (placed before it changed): the top
  // products' amounts are added up again, each currency converted.
  const mixed = bySlotAndCurrency.some((d) => inDefault(d.currency, 1) !== 1);
  const converted = new Map<number, number>();
  if (mixed) {
    const ids = ranked.map((p) => p.product_id);
    for (const r of await repo.productSalesByCurrency(db, shopId, from, ids)) {
      converted.set(r.product_id, (converted.get(r.product_id) ?? 0) + inDefault(r.currency, r.amount));
    }
  }
  const top = ranked.map((p) => ({ ...p, amount: converted.get(p.product_id) ?? p.amount }));
  const counts = new Map(byStatus.map((s) => [s.status, s.count]));
  // Oldest first, each of the 30 days present; today and the last 7 days are the sums of its tail.
  const daily = days.map((date) => {
    const d = byDate.get(date);
    return { date, amount: d?.amount ?? 0, orders: d?.orders ?? 0 };
  });
  const salesOfLast = (n: number) => toMajor(daily.slice(-n).reduce((sum, d) => sum + d.amount, 0));
  return {
    sales: { today: salesOfLast(1), last_7_days: salesOfLast(7), last_30_days: salesOfLast(DASHBOARD_DAYS) },
    orders_by_status: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    top_products: top.map((p) => ({ ...p, amount: toMajor(p.amount) })),
    daily: daily.map((d) => ({ ...d, amount: toMajor(d.amount) })),
  };
}
