import {
  RETURN_MESSAGES as M,
  type OrderReturnsData,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  type ReturnRequest,
  type returnRequestBody,
} from "@market/contract";
import type { z } from "zod";
import { type Db, writeTransaction } from "../../db/index.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { imageExtension } from "../../lib/image-upload.ts";
import { toMajor } from "../../lib/money.ts";
import { removeUpload, saveUpload } from "../../lib/uploads.ts";
import { notify } from "../notifications/notify.ts";
import { lockOrder } from "../orders/orders.service.ts";
import { refund, refundedAmount, sendRefund, settleByHand } from "../payments/refunds.service.ts";
import { releaseSaleUnits } from "../pricing/pricing.service.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import { lockVariantsOf, returnStock } from "../stock/stock.service.ts";
import { type Quantities, returnRefund } from "./refund-share.ts";
import * as repo from "./returns.repository.ts";

// Returns of delivered orders: the shopper asks (lines, quantities, reason, photos) within the
// site's return window; the shop approves or rejects, then marks the parcel received, which puts
// the stock and the flash-sale units back and records the refund in the same transaction; the
// gateway is asked once it has committed (refunds.service). Cash on delivery is refunded by hand.

export type ReturnDeps = Pick<AppDeps, "dbh" | "config" | "log" | "jobs" | "mailer" | "sms" | "realtime">;

const DAY_MS = 86_400_000;
const FOLDER = "returns";
const conflict = (message: string) => new AppError(409, message);
const photoError = (message: string) => new AppError(422, message, { photos: [message] });

export interface PhotoFile {
  bytes: Buffer;
  truncated: boolean;
}

/** The order's part a return refunds. */
interface RefundedOrder {
  id: number;
  payment_status: string;
  payable_amount: number;
  delivery_charge: number;
}

/**
 * What receiving a return of `units` would refund now (minor units): their share of what was paid
 * (refund-share.ts), after the returns received before it; nothing while the order is unpaid.
 */
async function refundOf(db: Db, order: RefundedOrder, units: Quantities): Promise<number> {
  if (order.payment_status === "Pending") return 0;
  const [lines, before, refunded] = await Promise.all([
    repo.orderLines(db, order.id),
    repo.quantitiesOf(db, order.id, ["Received"]),
    refundedAmount(db, order.id),
  ]);
  return returnRefund(
    { payable_amount: order.payable_amount, delivery_charge: order.delivery_charge, lines },
    before,
    units,
    refunded,
  );
}

const unitsOf = (items: { order_product_id: number; quantity: number }[]): Quantities =>
  new Map(items.map((i) => [i.order_product_id, i.quantity]));

// ---- reading ----

/** The requests of one order, as the contract writes them. */
async function viewsOf(
  deps: DbDeps,
  order: RefundedOrder,
  rows: repo.ReturnRow[],
  locale: string,
): Promise<ReturnRequest[]> {
  const db = deps.dbh.db;
  const ids = rows.map((r) => r.id);
  const [items, photos, refunds] = await Promise.all([
    repo.itemsOf(db, ids),
    repo.photosOf(db, ids),
    repo.refundsOf(
      db,
      rows.flatMap((r) => (r.refund_id === null ? [] : [r.refund_id])),
    ),
  ]);
  // One request of an order is open at a time: what receiving it would give back.
  const open = rows.find((r) => r.status === "Requested" || r.status === "Approved");
  const estimate = open ? await refundOf(db, order, unitsOf(items.filter((i) => i.return_id === open.id))) : null;
  return rows.map((r) => {
    const paid = r.refund_id === null ? null : (refunds.find((f) => f.id === r.refund_id) ?? null);
    // Received with nothing to give back (all paid by coupon) counts as refunded at once.
    const done = r.status === "Received" && (paid ? paid.status === "Succeeded" : r.refund_amount === 0);
    return {
      id: r.id,
      order_id: r.order_id,
      status: done ? "Refunded" : r.status,
      reason: r.reason,
      reject_reason: r.reject_reason,
      items: items
        .filter((i) => i.return_id === r.id)
        .map((i) => ({
          order_product_id: i.order_product_id,
          product_id: i.product_id,
          name: tr({ name: i.name, i18n: i.i18n }, "name", locale),
          quantity: i.quantity,
          price: toMajor(i.price),
        })),
      photos: photos.filter((p) => p.return_id === r.id).map((p) => p.url),
      refund_amount: r.refund_amount === null ? null : toMajor(r.refund_amount),
      refund_estimate: r === open && estimate !== null ? toMajor(estimate) : null,
      refund_status: paid?.status ?? null,
      refund_by_hand: paid?.status === "Pending" && paid.method !== "test" && paid.method !== "stripe",
      created_at: r.created_at,
      decided_at: r.decided_at,
      received_at: r.received_at,
      refunded_at: done ? (paid?.refunded_at ?? r.received_at) : null,
    };
  });
}

/** When the order's return window closes; null when it is not delivered or returns are off. */
async function windowEnd(deps: DbDeps, order: { id: number; order_status: string }): Promise<string | null> {
  if (order.order_status !== "Delivered") return null;
  const days = (await getSiteSettings(deps)).return_order_within_days;
  const delivered = await repo.deliveredAt(deps.dbh.db, order.id);
  if (days <= 0 || delivered === null) return null;
  return new Date(Date.parse(delivered) + days * DAY_MS).toISOString();
}

/** Each line's quantity not yet named by a request that was not rejected. */
async function returnable(deps: DbDeps, orderId: number): Promise<Map<number, number>> {
  const db = deps.dbh.db;
  const [lines, named] = await Promise.all([
    repo.orderLines(db, orderId),
    repo.quantitiesOf(db, orderId, ["Requested", "Approved", "Received"]),
  ]);
  return new Map(lines.map((l) => [l.id, Math.max(0, l.quantity - (named.get(l.id) ?? 0))]));
}

/** The returns of an order of the shopper (`userId`) or of the shop (`shopId`). */
export async function orderReturns(
  deps: DbDeps,
  scope: { userId?: number; shopId?: number },
  orderId: number,
  locale: string,
): Promise<OrderReturnsData> {
  const order = await repo.orderOf(deps.dbh.db, scope, orderId);
  if (!order) throw notFound("Order");
  const [ends, left, rows, open] = await Promise.all([
    windowEnd(deps, order),
    returnable(deps, orderId),
    repo.returnsOfOrder(deps.dbh.db, orderId),
    repo.hasOpen(deps.dbh.db, orderId),
  ]);
  const inside = ends !== null && clock.ms() <= Date.parse(ends);
  return {
    can_request: inside && !open && [...left.values()].some((n) => n > 0),
    window_ends_at: ends,
    returnable: [...left].map(([order_product_id, quantity]) => ({ order_product_id, quantity })),
    returns: await viewsOf(deps, order, rows, locale),
  };
}

async function returnView(deps: DbDeps, id: number, locale: string): Promise<ReturnRequest> {
  const row = await repo.returnById(deps.dbh.db, id);
  const order = row && (await repo.orderOf(deps.dbh.db, {}, row.order_id));
  if (!row || !order) throw notFound("Return");
  return (await viewsOf(deps, order, [row], locale))[0] as ReturnRequest;
}

// ---- the shopper ----

async function savePhotos(deps: Pick<AppDeps, "config">, files: PhotoFile[]): Promise<string[]> {
  if (files.length > RETURN_PHOTOS_MAX) throw photoError(M.tooManyPhotos);
  const exts: string[] = [];
  for (const f of files) {
    exts.push(
      await imageExtension(f, {
        field: "photos",
        maxBytes: RETURN_PHOTO_MAX_BYTES,
        tooLarge: M.photoTooLarge,
        badType: M.photoBadType,
      }),
    );
  }
  return Promise.all(files.map((f, i) => saveUpload(deps.config, FOLDER, exts[i] as string, f.bytes)));
}

/** Asks to return some of a delivered order's units, inside the return window, one open request at a time. */
export async function requestReturn(
  deps: ReturnDeps,
  userId: number,
  orderId: number,
  body: z.output<typeof returnRequestBody>,
  files: PhotoFile[],
  locale: string,
): Promise<ReturnRequest> {
  const seen = new Set<number>();
  for (const l of body.lines) {
    if (seen.has(l.order_product_id)) throw fieldError("lines", M.duplicateLine);
    seen.add(l.order_product_id);
  }
  const urls = await savePhotos(deps, files);
  let id: number;
  try {
    id = await writeTransaction(deps.dbh, async (trx) => {
      const tx = inTransaction(deps, trx);
      // The order's row lock makes the open-request check and the quantities exact under races.
      const order = await lockOrder(trx, orderId, deps.dbh.pg);
      if (!order || order.user_id !== userId) throw notFound("Order");
      if (order.order_status !== "Delivered") throw conflict(M.notDelivered);
      const ends = await windowEnd(tx, order);
      if (ends === null) throw conflict(M.returnsOff);
      if (clock.ms() > Date.parse(ends)) throw conflict(M.windowOver);
      if (await repo.hasOpen(trx, orderId)) throw conflict(M.openRequest);
      const left = await returnable(tx, orderId);
      for (const l of body.lines) {
        const n = left.get(l.order_product_id);
        if (n === undefined) throw fieldError("lines", M.notInOrder);
        if (l.quantity > n) throw fieldError("lines", M.tooMany);
      }
      const id = await repo.insertReturn(trx, {
        order_id: orderId,
        user_id: userId,
        shop_id: order.shop_id,
        reason: body.reason,
        created_at: clock.iso(),
      });
      await repo.insertItems(trx, id, body.lines);
      await repo.insertPhotos(trx, id, urls);
      return id;
    });
  } catch (e) {
    await Promise.all(urls.map((u) => removeUpload(deps.config, u)));
    throw e;
  }
  await notify(deps, { kind: "return_requested", orderId, returnId: id });
  return returnView(deps, id, locale);
}

// ---- the shop ----

/** Locks the request's order (the one lock every change of an order's returns takes) and re-reads the request. */
async function lockedReturn(tx: DbDeps, shopId: number, id: number) {
  const db = tx.dbh.db;
  const first = await repo.returnById(db, id);
  if (!first || first.shop_id !== shopId) throw notFound("Return");
  const order = await lockOrder(db, first.order_id, tx.dbh.pg);
  const ret = await repo.returnById(db, id);
  if (!order || !ret) throw notFound("Return");
  return { order, ret };
}

export async function decideReturn(
  deps: ReturnDeps,
  shopId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  locale: string,
): Promise<ReturnRequest> {
  const orderId = await writeTransaction(deps.dbh, async (trx) => {
    const { ret } = await lockedReturn(inTransaction(deps, trx), shopId, id);
    const now = clock.iso();
    const moved = await repo.moveReturn(trx, id, "Requested", {
      status: decision.approve ? "Approved" : "Rejected",
      ...(!decision.approve && { reject_reason: decision.reason }),
      decided_at: now,
      updated_at: now,
    });
    if (!moved) throw conflict(M.notRequested);
    return ret.order_id;
  });
  await notify(deps, { kind: "return_decided", orderId, returnId: id });
  return returnView(deps, id, locale);
}

/**
 * The parcel is back: in one transaction the units go back to stock (logged "return"), the sales
 * count and the flash sale's cap give them back, and the refund of what was paid for them is
 * recorded; the gateway is asked after the commit.
 */
export async function receiveReturn(
  deps: ReturnDeps,
  who: { shopId: number; userId: number },
  id: number,
  locale: string,
): Promise<ReturnRequest> {
  const { orderId, refundId } = await writeTransaction(deps.dbh, async (trx) => {
    const tx = inTransaction(deps, trx);
    const { order, ret } = await lockedReturn(tx, who.shopId, id);
    if (ret.status !== "Approved") throw conflict(M.notApproved);
    const items = await repo.itemsOf(trx, [id]);
    await lockVariantsOf(
      tx,
      items.map((i) => i.product_id),
    );
    for (const i of items) {
      await returnStock(tx, i, i.quantity, { ref: order.order_code, userId: who.userId }, "return");
      await repo.takeSold(trx, i.product_id, i.quantity);
      if (i.flash_sale_item_id !== null && i.flash_sale_qty > 0)
        await releaseSaleUnits(tx, i.flash_sale_item_id, Math.min(i.quantity, i.flash_sale_qty));
    }
    const amount = await refundOf(trx, order, unitsOf(items));
    const refundId = amount > 0 ? await refund(tx, order, amount, `Return #${id}`) : null;
    const now = clock.iso();
    await repo.moveReturn(trx, id, "Approved", {
      status: "Received",
      received_at: now,
      updated_at: now,
      refund_amount: amount,
      refund_id: refundId,
    });
    return { orderId: order.id, refundId };
  });
  // A refund tells the shopper once it is settled (refunds.service); nothing to give back tells now.
  if (refundId !== null) await sendRefund(deps, refundId);
  else await notify(deps, { kind: "refunded", orderId, returnId: id });
  return returnView(deps, id, locale);
}

/** Cash on delivery: the shop gave the money of a received return back by hand. */
export async function markRefunded(
  deps: ReturnDeps,
  shopId: number,
  id: number,
  locale: string,
): Promise<ReturnRequest> {
  const ret = await repo.returnById(deps.dbh.db, id);
  if (!ret || ret.shop_id !== shopId) throw notFound("Return");
  if (
    ret.status !== "Received" ||
    ret.refund_id === null ||
    !(await settleByHand(deps, ret.refund_id, `shop${shopId}`))
  )
    throw conflict(M.notCashPending);
  return returnView(deps, id, locale);
}
