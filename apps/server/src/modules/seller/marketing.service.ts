import {
  type joinSaleBody,
  SELLER_MARKETING_MESSAGES as M,
  MARKETING_LIMITS,
  type Paginated,
  type SellerFlashSale,
  type SellerVoucher,
  type saleEntryBody,
  type VoucherInput,
  type VoucherStatus,
} from "@market/contract";
import type { z } from "zod";
import { type Db, writeTransaction } from "../../db/index.ts";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { toMajor, toMinor } from "../../lib/money.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import { clearCatalogCache } from "../catalog/catalog.service.ts";
import * as repo from "./marketing.repository.ts";

// The Seller Centre's vouchers and flash-sale entries. Every call is scoped by the shop the seller
// acts for: another shop's voucher or entry is "not found". The storefront reads both as before:
// the voucher module skips paused vouchers, and pricing reads the sale items.

// --- vouchers ------------------------------------------------------------------------------------

function statusOf(v: repo.VoucherRow, now: string): VoucherStatus {
  if (v.end_date <= now) return "expired";
  if (!v.is_active) return "paused";
  if (v.usage_limit !== null && v.used_count >= v.usage_limit) return "used_up";
  if (v.start_date > now) return "scheduled";
  return "active";
}

function voucherOf(v: repo.VoucherRow, now: string): SellerVoucher {
  return {
    id: v.id,
    code: v.code,
    discount_type: v.discount_type,
    // Basis points for a percentage, minor units for an amount (coupons table).
    discount: v.discount_type === "Percentage" ? v.discount / 100 : toMajor(v.discount),
    min_order_amount: toMajor(v.min_order_amount),
    max_discount: v.max_discount === null ? null : toMajor(v.max_discount),
    start_date: v.start_date,
    end_date: v.end_date,
    usage_limit: v.usage_limit,
    used_count: v.used_count,
    collected_count: Number(v.collected ?? 0),
    is_active: Boolean(v.is_active),
    status: statusOf(v, now),
    code_locked: v.used_count > 0,
    created_at: v.created_at,
  };
}

/** The table's values of a voucher's terms. */
const termsOf = (b: VoucherInput) => ({
  code: b.code,
  discount_type: b.discount_type,
  discount: b.discount_type === "Percentage" ? Math.round(b.discount * 100) : toMinor(b.discount),
  min_order_amount: toMinor(b.min_order_amount),
  max_discount: b.discount_type === "Percentage" && b.max_discount !== null ? toMinor(b.max_discount) : null,
  usage_limit: b.usage_limit,
  start_date: b.start_date,
  end_date: b.end_date,
});

export async function listVouchers({ dbh }: DbDeps, shopId: number, q: PageArgs): Promise<Paginated<SellerVoucher>> {
  const { rows, total } = await repo.voucherPage(dbh.db, shopId, pageWindow(q));
  const now = clock.iso();
  return paginate(
    rows.map((r) => voucherOf(r, now)),
    total,
    q,
  );
}

async function readVoucher(db: Db, shopId: number, id: number): Promise<SellerVoucher> {
  const row = await repo.voucherById(db, shopId, id);
  if (!row) throw notFound("Voucher");
  return voucherOf(row, clock.iso());
}

export function getVoucher({ dbh }: DbDeps, shopId: number, id: number): Promise<SellerVoucher> {
  return readVoucher(dbh.db, shopId, id);
}

/** A unique violation lost to a parallel save of the same code: answer as the check would have. */
async function codeConflict(db: Db, code: string, exceptId: number | undefined, error: unknown): Promise<never> {
  if (await repo.codeTaken(db, code, exceptId)) throw fieldError("code", M.codeTaken);
  throw error;
}

export async function createVoucher({ dbh }: DbDeps, shopId: number, body: VoucherInput): Promise<SellerVoucher> {
  // A new voucher that has already ended could never be used.
  if (body.end_date <= clock.iso()) throw fieldError("end_date", M.endInFuture);
  if (await repo.codeTaken(dbh.db, body.code)) throw fieldError("code", M.codeTaken);
  let id: number;
  try {
    id = await repo.insertVoucher(dbh.db, {
      ...termsOf(body),
      shop_id: shopId,
      is_active: 1,
      created_at: clock.iso(),
    });
  } catch (e) {
    return codeConflict(dbh.db, body.code, undefined, e);
  }
  return readVoucher(dbh.db, shopId, id);
}

/**
 * Saves new terms; the used and collected counts stay. The code may change only while the voucher
 * is unused (shoppers hold it), and the limit may not drop below the uses so far.
 */
export async function updateVoucher(
  { dbh }: DbDeps,
  shopId: number,
  id: number,
  body: VoucherInput,
): Promise<SellerVoucher> {
  try {
    return await writeTransaction(dbh, async (trx) => {
      // Locked as placing an order locks it, so a use cannot land between the checks and the write.
      const current = await repo.lockVoucher(trx, shopId, id, dbh.pg);
      if (!current) throw notFound("Voucher");
      const codeChanges = current.code !== body.code;
      if (codeChanges && current.used_count > 0) throw fieldError("code", M.codeLocked);
      if (codeChanges && (await repo.codeTaken(trx, body.code, id))) throw fieldError("code", M.codeTaken);
      if (body.usage_limit !== null && body.usage_limit < current.used_count) {
        throw fieldError("usage_limit", M.limitBelowUsed);
      }
      if (!(await repo.updateVoucher(trx, shopId, id, termsOf(body), codeChanges))) {
        throw fieldError("usage_limit", M.limitBelowUsed);
      }
      return readVoucher(trx, shopId, id);
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    return codeConflict(dbh.db, body.code, id, e);
  }
}

/** Pauses or resumes a voucher: a paused one is neither listed, collected nor accepted at checkout. */
export async function setVoucherActive(
  { dbh }: DbDeps,
  shopId: number,
  id: number,
  active: boolean,
): Promise<SellerVoucher> {
  if (!(await repo.setVoucherActive(dbh.db, shopId, id, active))) throw notFound("Voucher");
  return readVoucher(dbh.db, shopId, id);
}

// --- flash sales ---------------------------------------------------------------------------------

type EntryRow = Awaited<ReturnType<typeof repo.shopEntries>>[number];
type PriceRow = { price: number; discount_price: number };

/** What a shopper pays for the product outside a sale: a sale price must be lower. */
const currentPrice = (p: PriceRow) => (p.discount_price > 0 ? p.discount_price : p.price);

const stateOf = (s: { start_date: string; end_date: string }, now: string) =>
  s.end_date <= now ? "ended" : s.start_date > now ? "upcoming" : "running";

function saleOf(s: repo.SaleRow, entries: EntryRow[], locale: string, now: string): SellerFlashSale {
  return {
    id: s.id,
    name: tr(s, "name", locale),
    thumbnail: s.thumbnail,
    start_date: s.start_date,
    end_date: s.end_date,
    state: stateOf(s, now),
    entries: entries
      .filter((e) => e.flash_sale_id === s.id)
      .map((e) => ({
        id: e.id,
        product_id: e.product_id,
        product_name: tr(e, "name", locale),
        thumbnail: e.thumbnail,
        price: toMajor(currentPrice(e)),
        sale_price: toMajor(e.sale_price),
        quantity: e.quantity,
        sold: e.sold,
      })),
  };
}

async function readSale(db: Db, shopId: number, saleId: number, locale: string): Promise<SellerFlashSale> {
  const sale = await repo.saleById(db, saleId);
  if (!sale) throw notFound("Flash sale");
  return saleOf(sale, await repo.shopEntries(db, shopId, [sale.id]), locale, clock.iso());
}

/** Running and upcoming sales, each with the shop's entries. */
export async function listSales(
  { dbh }: DbDeps,
  shopId: number,
  q: PageArgs,
  locale: string,
): Promise<Paginated<SellerFlashSale>> {
  const now = clock.iso();
  const { rows, total } = await repo.openSalesPage(dbh.db, now, pageWindow(q));
  const entries = await repo.shopEntries(
    dbh.db,
    shopId,
    rows.map((s) => s.id),
  );
  return paginate(
    rows.map((s) => saleOf(s, entries, locale, now)),
    total,
    q,
  );
}

/** Adds products of the shop to a sale that has not ended; one product once per sale. */
export async function joinSale(
  { dbh }: DbDeps,
  shopId: number,
  saleId: number,
  body: z.output<typeof joinSaleBody>,
  locale: string,
): Promise<SellerFlashSale> {
  const now = clock.iso();
  try {
    await writeTransaction(dbh, async (trx) => {
      const sale = await repo.saleById(trx, saleId);
      if (!sale) throw notFound("Flash sale");
      if (sale.end_date <= now) throw new AppError(422, M.saleEnded);
      const ids = body.items.map((i) => i.product_id);
      const products = new Map((await repo.shopProducts(trx, shopId, ids, dbh.pg)).map((p) => [p.id, p]));
      const taken = await repo.productsInSale(trx, saleId, ids);
      const errors: Record<string, string[]> = {};
      body.items.forEach((item, i) => {
        const p = products.get(item.product_id);
        if (!p) errors[`items.${i}.product_id`] = [M.productInvalid];
        else if (taken.has(p.id)) errors[`items.${i}.product_id`] = [M.productTwice];
        else if (toMinor(item.sale_price) >= currentPrice(p)) errors[`items.${i}.sale_price`] = [M.salePriceBelowPrice];
      });
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new AppError(422, first, errors);
      const count = await repo.countShopEntries(trx, shopId, saleId);
      if (count + body.items.length > MARKETING_LIMITS.maxEntriesPerSale) throw new AppError(422, M.tooManyEntries);
      await repo.insertEntries(
        trx,
        body.items.map((i) => ({
          flash_sale_id: saleId,
          product_id: i.product_id,
          sale_price: toMinor(i.sale_price),
          quantity: i.quantity,
        })),
      );
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    // The unique key (sale, product) refused a product a parallel request had just added.
    const taken = await repo.productsInSale(
      dbh.db,
      saleId,
      body.items.map((i) => i.product_id),
    );
    if (taken.size > 0) throw new AppError(422, M.productTwice);
    throw e;
  }
  // Product cards and pages show the sale price at once, not after the visitors' cache expires.
  clearCatalogCache();
  return readSale(dbh.db, shopId, saleId, locale);
}

/** The shop's entry, refused once its sale has ended. */
async function openEntry(db: Db, shopId: number, id: number, now: string) {
  const entry = await repo.shopEntry(db, shopId, id);
  if (!entry) throw notFound("Flash sale entry");
  if (entry.end_date <= now) throw new AppError(422, M.saleEnded);
  return entry;
}

/** Before the sale: price and cap. While it runs: the cap only, never below the units sold. */
export async function updateEntry(
  { dbh }: DbDeps,
  shopId: number,
  id: number,
  body: z.output<typeof saleEntryBody>,
  locale: string,
): Promise<SellerFlashSale> {
  const now = clock.iso();
  const entry = await openEntry(dbh.db, shopId, id, now);
  const salePrice = toMinor(body.sale_price);
  const running = entry.start_date <= now;
  if (running && salePrice !== entry.sale_price) throw fieldError("sale_price", M.priceLockedRunning);
  if (!running && salePrice >= currentPrice(entry)) throw fieldError("sale_price", M.salePriceBelowPrice);
  if (body.quantity < entry.sold) throw fieldError("quantity", M.capBelowSold);
  // The update re-checks sold itself: an order may claim units between the read and the write.
  if (!(await repo.updateEntry(dbh.db, id, salePrice, body.quantity))) throw fieldError("quantity", M.capBelowSold);
  clearCatalogCache();
  return readSale(dbh.db, shopId, entry.flash_sale_id, locale);
}

/** Leaves a sale: before it starts, or while it runs if nothing was sold at the sale price. */
export async function removeEntry(
  { dbh }: DbDeps,
  shopId: number,
  id: number,
  locale: string,
): Promise<SellerFlashSale> {
  const entry = await openEntry(dbh.db, shopId, id, clock.iso());
  if (entry.sold > 0 || !(await repo.deleteUnsoldEntry(dbh.db, id))) throw new AppError(422, M.leaveAfterSold);
  clearCatalogCache();
  return readSale(dbh.db, shopId, entry.flash_sale_id, locale);
}
