import type { Coupon } from "@market/contract";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { toMajor } from "../../lib/money.ts";
import type { TotalsCoupon } from "../pricing/totals.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import * as repo from "./vouchers.repository.ts";

// Store vouchers: listing a shop's running coupons, collecting one, and checking one at checkout.

type CouponRow = NonNullable<Awaited<ReturnType<typeof repo.couponByCode>>>;

function couponOf(c: CouponRow, isCollected: boolean): Coupon {
  return {
    id: c.id,
    shop_id: c.shop_id,
    code: c.code,
    discount: c.discount_type === "Percentage" ? c.discount / 100 : toMajor(c.discount),
    discount_type: c.discount_type,
    min_order_amount: toMajor(c.min_order_amount),
    max_discount: c.max_discount === null ? null : toMajor(c.max_discount),
    start_date: c.start_date,
    end_date: c.end_date,
    is_collected: isCollected,
  };
}

const isFull = (c: CouponRow, collected: number) => c.usage_limit !== null && collected >= c.usage_limit;

/** The shop's running coupons: those the user collected, and those still open to collect. */
export async function listVouchers({ dbh }: DbDeps, userId: number, shopId: number): Promise<Coupon[]> {
  if (!(await repo.shopExists(dbh.db, shopId))) throw notFound("Shop");
  const rows = await repo.runningCoupons(dbh.db, shopId, userId, clock.iso());
  return rows
    .filter((r) => Boolean(r.is_collected) || !isFull(r, Number(r.collected ?? 0)))
    .map((r) => couponOf(r, Boolean(r.is_collected)));
}

/** Collects a coupon for the user; collecting it again is harmless. */
export async function collectVoucher(
  { dbh }: DbDeps,
  userId: number,
  couponId: number,
): Promise<{ message: string; coupon: Coupon }> {
  const now = clock.iso();
  return dbh.db.transaction().execute(async (trx) => {
    // The coupon row lock makes parallel collects count one after another, so a limit of 10 gives 10.
    const c = await repo.couponForUpdate(trx, couponId, dbh.pg);
    if (!c) throw notFound("Voucher");
    if (!c.is_active) throw new AppError(422, "This voucher is no longer available.");
    if (await repo.isCollected(trx, c.id, userId)) {
      return { message: "Voucher already collected", coupon: couponOf(c, true) };
    }
    if (c.start_date > now) throw new AppError(422, "This voucher is not available yet.");
    if (c.end_date <= now) throw new AppError(422, "This voucher has expired.");
    if (isFull(c, await repo.countCollections(trx, c.id))) {
      throw new AppError(422, "This voucher is no longer available.");
    }
    await repo.insertCollection(trx, c.id, userId, now);
    return { message: "Voucher collected successfully", coupon: couponOf(c, true) };
  });
}

/**
 * Finds a coupon by its code and locks its row until the caller's transaction ends, so parallel
 * orders count its uses one at a time; answers its id, null for an unknown code.
 */
export async function lockCouponByCode({ dbh }: DbDeps, code: string): Promise<number | null> {
  const row = await repo.couponByCode(dbh.db, code);
  if (row) await repo.couponForUpdate(dbh.db, row.id, dbh.pg);
  return row?.id ?? null;
}

export interface CouponCheck {
  /** the coupon to apply, null when it failed a check */
  coupon: TotalsCoupon | null;
  apply: { code: string; valid: boolean; message: string };
}

/**
 * Checks a coupon code against the user and the selected shops' subtotals (minor units), in
 * order: exists, belongs to a selected shop, not paused, dates, collected (in multi-vendor mode), used before (one use
 * per shopper, also kept by coupon_usages' unique key), usage limit, minimum.
 */
export async function checkCoupon(
  { dbh }: DbDeps,
  userId: number,
  rawCode: string,
  shopSubtotals: ReadonlyMap<number, number>,
): Promise<CouponCheck> {
  const code = rawCode.trim().toUpperCase();
  const couponRefused = (message: string): CouponCheck => ({ coupon: null, apply: { code, valid: false, message } });
  const c = await repo.couponByCode(dbh.db, code);
  if (!c) return couponRefused("Invalid coupon code.");
  const subtotal = shopSubtotals.get(c.shop_id);
  if (subtotal === undefined) return couponRefused("This coupon is not valid for the selected shops.");
  if (!c.is_active) return couponRefused("This coupon is paused by the shop.");
  const now = clock.iso();
  if (c.start_date > now) return couponRefused("This coupon is not active yet.");
  if (c.end_date <= now) return couponRefused("This coupon has expired.");
  // Collecting is the multi-vendor storefront's step (a shop group's 'Apply Store voucher'); a
  // single-vendor storefront has no place for it, so there a code is used as typed.
  const { multi_vendor } = await getSiteSettings({ dbh });
  if (multi_vendor && !(await repo.isCollected(dbh.db, c.id, userId))) {
    return couponRefused("Collect this voucher before using it.");
  }
  if (await repo.isUsedBy(dbh.db, c.id, userId)) return couponRefused("You have already used this coupon.");
  if (c.usage_limit !== null && c.used_count >= c.usage_limit) {
    return couponRefused("This coupon has reached its usage limit.");
  }
  if (subtotal < c.min_order_amount) {
    // The amount in the shopper's currency is on the voucher's card; the server knows only the default's.
    return couponRefused("Your order has not reached this coupon's minimum order amount.");
  }
  return {
    coupon: {
      shop_id: c.shop_id,
      discount_type: c.discount_type,
      discount: c.discount,
      max_discount: c.max_discount,
    },
    apply: { code, valid: true, message: "Coupon applied successfully." },
  };
}
