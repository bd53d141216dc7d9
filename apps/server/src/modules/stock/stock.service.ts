import {
  type LowStockRow,
  type Paginated,
  PRODUCT_LIMITS,
  SELLER_PRODUCT_MESSAGES,
  type StockMovement,
} from "@market/contract";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { fieldError } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { shownName } from "../../lib/messages.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import * as alertsRepo from "./alerts.repository.ts";
import * as repo from "./stock.repository.ts";

// The one place that changes a variant's stock, and every change is logged in stock_movements
// with its reason (order, cancel, edit, import), the order code for orders, and who made it.
// Callers run these inside their write transaction (`tx.dbh.db` is the transaction) and lock the
// variants first in the one order every transaction uses (orders' lockVariants).

export type VariantKey = repo.VariantKey;
/** What changes stock: the transaction, and the queue that tells the shoppers waiting for a variant that came back. */
export type StockDeps = Pick<AppDeps, "dbh" | "jobs">;

/** The job that tells the shoppers waiting for a variant (stock-alerts) that it is back: `{ product_id, size_id, color_id }`. */
export const BACK_IN_STOCK_JOB = "back-in-stock";
export type StockReason = StockMovement["reason"];

async function log(
  tx: StockDeps,
  k: VariantKey,
  change: number,
  stockAfter: number,
  reason: StockReason,
  who: { ref?: string | null; userId: number | null },
  shopId?: number,
) {
  if (change === 0) return;
  const db = tx.dbh.db;
  const shop = shopId ?? (await repo.shopOfProduct(db, k.product_id));
  if (shop === null) return;
  await repo.insertMovement(db, {
    shop_id: shop,
    product_id: k.product_id,
    size_id: k.size_id,
    color_id: k.color_id,
    change,
    stock_after: stockAfter,
    reason,
    ref: who.ref ?? null,
    user_id: who.userId,
    created_at: clock.iso(),
  });
  // Back from none: queued in the transaction, so it runs once the stock is there to buy.
  if (change > 0 && stockAfter - change <= 0 && stockAfter > 0) {
    await tx.jobs.send(BACK_IN_STOCK_JOB, { ...k }, { db });
  }
}

/**
 * Takes `quantity` units of a variant for an order, only if that many are there (the conditional
 * update never goes below zero); answers whether it did. Logged as "order" with the order code.
 */
export async function takeStock(
  tx: StockDeps,
  k: VariantKey,
  quantity: number,
  who: { ref: string; userId: number | null },
): Promise<boolean> {
  const after = await repo.takeStock(tx.dbh.db, k, quantity);
  if (after === null) return false;
  await log(tx, k, -quantity, after, "order", who);
  return true;
}

/** Puts a cancelled order's units (or a received return's) back; logged as "cancel" (or "return") with the order code. */
export async function returnStock(
  tx: StockDeps,
  k: VariantKey,
  quantity: number,
  who: { ref: string; userId: number | null },
  reason: "cancel" | "return" = "cancel",
): Promise<void> {
  const after = await repo.returnStock(tx.dbh.db, k, quantity);
  if (after !== null) await log(tx, k, quantity, after, reason, who);
}

/**
 * Sets a variant's stock to `stock`, logging the difference: the seller's edit or a CSV import.
 * The row is read locked on PostgreSQL so the logged change is exact; answers false (nothing
 * written) when the variant has no row.
 */
export async function setStock(
  tx: StockDeps,
  shopId: number,
  k: VariantKey,
  stock: number,
  who: { reason: "edit" | "import"; userId: number },
): Promise<boolean> {
  const before = await repo.variantStock(tx.dbh.db, k, tx.dbh.pg);
  if (before === null) return false;
  if (before === stock) return true;
  await repo.writeStock(tx.dbh.db, k, stock);
  await log(tx, k, stock - before, stock, who.reason, { userId: who.userId }, shopId);
  return true;
}

/**
 * Adds `units` received to a variant of the shop's product from the stock page, in one step (orders
 * taken meanwhile stay taken), logged as a restock; answers the stock after, or null when the shop
 * has no such variant (another shop's product, or a size it does not have).
 */
export async function restock(
  tx: StockDeps,
  shopId: number,
  k: VariantKey,
  units: number,
  userId: number,
): Promise<number | null> {
  if ((await repo.shopOfProduct(tx.dbh.db, k.product_id)) !== shopId) return null;
  // Checked and added in one conditional update: the stock never passes the products' maximum.
  const after = await repo.returnStock(tx.dbh.db, k, units, PRODUCT_LIMITS.maxStock);
  if (after === null) {
    if ((await repo.variantStock(tx.dbh.db, k, false)) === null) return null;
    throw fieldError("add", SELLER_PRODUCT_MESSAGES.restockOverMax);
  }
  await log(tx, k, units, after, "restock", { userId }, shopId);
  return after;
}

/**
 * Locks the products' variant rows on PostgreSQL (product, size, colour order, as orders lock
 * them) before a transaction changes those products, so it cannot deadlock with an order that
 * holds a variant and waits for the product row.
 */
export async function lockVariantsOf(tx: DbDeps, productIds: number[]): Promise<void> {
  if (tx.dbh.pg)
    await repo.lockVariantsOf(
      tx.dbh.db,
      [...productIds].sort((a, b) => a - b),
    );
}

/** Forgets the log of products that are deleted, and the shoppers' waits for them. */
export async function forgetProducts(tx: DbDeps, productIds: number[]) {
  await repo.deleteMovementsOf(tx.dbh.db, productIds);
  await alertsRepo.deleteAlertsOf(tx.dbh.db, productIds);
}

/** A variant's colour in the reader's language, as the product page and the product form name it. */
const colorName = (name: string | null, i18n: string | null, locale: string) =>
  name === null ? null : tr({ name, i18n: i18n ?? "{}" }, "name", locale);
/** The product in the reader's language, as the shop's orders and dashboard name it. */
const productName = (name: string, i18n: string, locale: string) => tr({ name, i18n }, "name", locale);

export const lowStockThreshold = (deps: DbDeps, shopId: number) => repo.lowStockThreshold(deps.dbh.db, shopId);

/** The shop's variants at or under its low-stock threshold, lowest first. */
export async function lowStock(
  deps: DbDeps,
  shopId: number,
  q: PageArgs,
  locale: string,
): Promise<{ threshold: number; rows: Paginated<LowStockRow> }> {
  const threshold = await lowStockThreshold(deps, shopId);
  const { rows, total } = await repo.lowStockPage(deps.dbh.db, shopId, threshold, pageWindow(q));
  return {
    threshold,
    rows: paginate(
      rows.map(({ color_i18n, product_i18n, ...r }) => ({
        ...r,
        product_name: productName(r.product_name, product_i18n, locale),
        color: colorName(r.color, color_i18n, locale),
        stock: Number(r.stock),
      })),
      total,
      q,
    ),
  };
}

/** The shop's stock log, newest first. */
export async function movements(
  deps: DbDeps,
  shopId: number,
  q: PageArgs & { product_id?: number | undefined; reason?: StockReason | undefined },
  locale: string,
): Promise<Paginated<StockMovement>> {
  const { rows, total } = await repo.movementPage(
    deps.dbh.db,
    shopId,
    { productId: q.product_id, reason: q.reason },
    pageWindow(q),
  );
  return paginate(
    rows.map(({ color_i18n, product_i18n, user_erased_at, ...r }) => ({
      ...r,
      product_name: productName(r.product_name, product_i18n, locale),
      user_name: r.user_name === null ? null : shownName(r.user_name, user_erased_at, locale),
      color: colorName(r.color, color_i18n, locale),
      change: Number(r.change),
      stock_after: Number(r.stock_after),
    })),
    total,
    q,
  );
}
