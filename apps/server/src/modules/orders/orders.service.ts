import {
  CONTACT_NO_CODE,
  type DashboardData,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  type OrderAddress,
  type OrderDetail,
  type OrderListItem,
  type OrderStatusCounts,
  type OrdersData,
  type OrdersQuery,
  type Paginated,
  type PlaceOrderBody,
  type PlaceOrderData,
  parseContact,
  type ReorderData,
  SELLER_NEXT_STATUS,
  SELLER_SHOP_MESSAGES,
  type SellerOrderDetail,
  type SellerOrderListItem,
  type SellerOrderShipmentBody,
  type SellerOrdersData,
  type SellerOrdersQuery,
  SHIPMENT_STATUSES,
  type ShopperOrderDetail,
} from "@market/contract";
import { type Db, writeTransaction } from "../../db/index.ts";
import { lockUser } from "../../db/queries.ts";
import type { User } from "../../db/schema.ts";
import { type AppDeps, type DbDeps, inTransaction } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { shippedLocale, shownName, statusName } from "../../lib/messages.ts";
import { ordersPlaced } from "../../lib/metrics.ts";
import { toMajor, toMinor } from "../../lib/money.ts";
import { pageMeta, pageWindow } from "../../lib/paging.ts";
import { e164, internationalNumber } from "../../lib/phone-number.ts";
import { findAddress } from "../addresses/addresses.service.ts";
import { sha256 } from "../auth/tokens.ts";
import { addAllAvailable, readCart } from "../cart/cart.service.ts";
import { favoriteCount } from "../favorites/favorites.service.ts";
import { rememberLocale } from "../notifications/notifications.service.ts";
import { type NotifyDeps, notify, shopperReach } from "../notifications/notify.ts";
import { chargedIn } from "../payments/html.ts";
import {
  defaultCurrency,
  isCash,
  offeredGateways,
  paymentMethodName,
  paymentUrl,
} from "../payments/payments.service.ts";
import { type RefundDeps, refund, refundedAmount, sendRefund } from "../payments/refunds.service.ts";
import { verify } from "../payments/signing.ts";
import { claimSaleUnits, releaseSaleUnits } from "../pricing/pricing.service.ts";
import { checkoutTotals, type TotalsCoupon, type VatLine, vatName } from "../pricing/totals.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import { returnStock, type StockDeps, takeStock } from "../stock/stock.service.ts";
import { checkCoupon, lockCouponByCode } from "../vouchers/vouchers.service.ts";
import { invoicePage, invoiceUrl } from "./invoice.ts";
import * as repo from "./orders.repository.ts";
import { shipmentOf } from "./shipment.ts";

// Placing orders (one per shop under one payment), the shopper's orders, cancelling, ordering
// again, and the seller's side: a shop's orders moving Pending → Confirm → Processing → Pickup →
// On The Way → Delivered. Every status change is written to the order's history.

export type OrderDeps = Pick<AppDeps, "dbh" | "config">;

const OUT_OF_STOCK = ORDER_MESSAGES.outOfStock;

// ---- placing ----

/** "2-4 days" → the date of the last day, from `from`; null when the text names no days. */
function estimatedDate(time: string, from: Date): string | null {
  const days = time.match(/(\d+)\s*(?:-\s*(\d+))?\s*day/i);
  if (!days) return null;
  const n = Number(days[2] ?? days[1]);
  return new Date(from.getTime() + n * 86_400_000).toISOString().slice(0, 10);
}

async function checkPaymentMethod(deps: OrderDeps, method: string) {
  const settings = await getSiteSettings(deps);
  if (isCash(method)) {
    if (!settings.cash_on_delivery) throw fieldError("payment_method", "Cash on delivery is not available.");
  } else if (
    !settings.online_payment ||
    !offeredGateways(deps, settings.payment_gateways).some((g) => g.name === method)
  ) {
    throw fieldError("payment_method", "The selected payment method is not available.");
  }
  return settings;
}

/** `fresh` is false for an answer given again to a repeated Idempotency-Key (no second mail). */
type Outcome = { answer: PlaceOrderData; fresh: boolean } | { rejected: string };
export type PlaceOrderDeps = OrderDeps & Pick<AppDeps, "mailer" | "sms" | "log" | "realtime" | "jobs">;

/** A guest's contact, a phone as E.164 (the number a text message goes to); a field error when it reaches no one. */
function guestContact(input: string | null) {
  const contact = input ? parseContact(input) : null;
  if (!contact) throw fieldError("contact", ORDER_MESSAGES.contactRequired);
  if (contact.kind === "email") return contact;
  const phone = e164(contact.value);
  if (!phone) throw fieldError("contact", CONTACT_NO_CODE);
  return { kind: contact.kind, value: phone };
}

/** Where the order confirmation goes, as the notification job will send it. */
function confirmationTo(
  user: Pick<User, "is_guest" | "email" | "phone" | "phone_code">,
  contact: ReturnType<typeof guestContact> | null,
) {
  const { email, phone } = shopperReach({
    contact_email: contact?.kind === "email" ? contact.value : null,
    contact_phone: contact?.kind === "phone" ? contact.value : null,
    user_is_guest: user.is_guest,
    user_email: user.email,
    user_phone: user.phone,
    user_phone_code: user.phone_code,
  });
  return email ?? phone;
}

/**
 * Places the selected shops' cart lines as one order per shop under one payment, in one write
 * transaction: re-reads the cart at current prices and stock (locked on PostgreSQL), re-checks
 * the coupon, takes the stock and flash-sale quantities, counts the coupon once, empties those
 * lines and records the history. A retry with the same idempotency key answers the first result.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  user: Pick<User, "id" | "verified_at" | "is_guest" | "email" | "phone" | "phone_code">,
  body: PlaceOrderBody,
  idempotencyKey: string | null,
  locale: string,
): Promise<PlaceOrderData> {
  const { dbh } = deps;
  const settings = await checkPaymentMethod(deps, body.payment_method);
  // A guest account has no real email or phone: the guest says where the order mail goes (and
  // the seller how to reach the buyer). A registered shopper has theirs and is not asked.
  const contact = user.is_guest === 1 ? guestContact(body.contact) : null;
  if (settings.order_place_account_verify && !user.verified_at)
    throw new AppError(403, ORDER_MESSAGES.verifyRequired, undefined, "verify_required");
  const isBuyNow = body.is_buy_now === true;
  const shopIds = [...new Set(body.shop_ids)];
  const requestHash = sha256(JSON.stringify(body));

  const outcome = await writeTransaction<Outcome>(dbh, async (trx) => {
    const tx = inTransaction(deps, trx);
    // One user's placements run one after another, so a double click finds the first one's key.
    await lockUser(trx, user.id, dbh.pg);
    if (idempotencyKey) {
      const earlier = await repo.idempotentAnswer(trx, user.id, idempotencyKey);
      if (earlier) {
        if (earlier.request_hash !== requestHash) {
          throw new AppError(422, "This Idempotency-Key was already used for a different order.");
        }
        // An answer kept before `confirmation_to` was part of it names no recipient.
        return { answer: { confirmation_to: null, ...JSON.parse(earlier.response) } as PlaceOrderData, fresh: false };
      }
    }
    // Deleted in another tab, say: the page shows the address book again and the shopper confirms anew.
    const address = await findAddress(tx, user.id, body.address_id);
    if (!address) throw new AppError(409, ORDER_MESSAGES.addressGone, undefined, "conflict");

    const before = await repo.selectedLines(trx, user.id, isBuyNow, shopIds);
    if (before.length === 0) throw new AppError(422, "Your cart has no products from the selected shops.");
    if (dbh.pg) await repo.lockVariants(trx, before.map((l) => ({ ...l })).sort(repo.byVariant));
    const now = clock.iso();
    // The cart as a cart view would show it now, its flash-sale units counted under lock; a
    // selected line whose stock or price moved since the shopper last saw it stops the order,
    // and the cart keeps the update.
    const view = await readCart(tx, user.id, isBuyNow, locale, { lockSales: dbh.pg });
    const current = new Map(view.lines.map((l) => [l.product.id, l]));
    if (before.some((b) => current.get(b.id)?.changed !== false)) return { rejected: view.data.info ?? OUT_OF_STOCK };
    const lines = before.map((b) => current.get(b.id) as NonNullable<ReturnType<typeof current.get>>);
    // A closed shop takes no orders: the whole placement is refused and the cart keeps its lines.
    const closed = lines.find((l) => !l.group.is_open);
    if (closed)
      throw new AppError(409, SELLER_SHOP_MESSAGES.closedNamed(closed.group.shop_name), undefined, "conflict");

    const code = body.coupon_code?.toUpperCase() ?? null;
    // Locked (after the stock and sale rows, as cancelling does) so that parallel orders count the coupon's uses one at a time.
    const couponId = code ? await lockCouponByCode(tx, code) : null;

    const subtotals = new Map<number, number>();
    for (const l of lines) subtotals.set(l.totals.shop_id, (subtotals.get(l.totals.shop_id) ?? 0) + l.totals.amount);
    let coupon: TotalsCoupon | null = null;
    if (body.coupon_code) {
      const check = await checkCoupon(tx, user.id, body.coupon_code, subtotals);
      if (!check.coupon) throw fieldError("coupon_code", check.apply.message);
      coupon = check.coupon;
    }

    const shops = new Map((await repo.shopsOf(trx, [...subtotals.keys()])).map((s) => [s.id, s]));
    const perShop = [...subtotals.keys()]
      .sort((a, b) => a - b)
      .map((shopId) => {
        const shopLines = lines.filter((l) => l.totals.shop_id === shopId);
        const delivery = new Map([[shopId, shopLines[0]?.delivery ?? 0]]);
        const totals = checkoutTotals(
          shopLines.map((l) => l.totals),
          delivery,
          coupon?.shop_id === shopId ? coupon : null,
        );
        return { shopId, shopLines, totals };
      });
    const payable = perShop.reduce((n, s) => n + s.totals.payable_amount, 0);
    if (body.expected_total !== undefined && toMinor(body.expected_total) !== Math.round(payable)) {
      return { rejected: ORDER_MESSAGES.totalChanged };
    }
    // Charged in the default currency of now, kept with each order as it is written now.
    const currency = JSON.stringify(await defaultCurrency(tx));
    const paymentId = await repo.insertPayment(trx, {
      user_id: user.id,
      method: body.payment_method,
      amount: payable,
      created_at: now,
    });
    const snapshot: OrderAddress = {
      name: address.name,
      phone: address.phone,
      area: address.area,
      flat_no: address.flat_no,
      post_code: address.post_code,
      address_line: address.address_line,
      address_line2: address.address_line2,
      address_type: address.address_type,
      latitude: address.latitude,
      longitude: address.longitude,
    };

    // The lines are read in the shopper's language; an order keeps the default language's names.
    const names = await repo.defaultNames(trx, {
      products: lines.map((l) => l.product.product_id),
      colors: lines.flatMap((l) => (l.product.color ? [l.product.color.id] : [])),
      units: lines.flatMap((l) => (l.product.unit ? [l.product.unit.id] : [])),
    });
    const placed: PlaceOrderData["orders"] = [];
    for (const { shopId, shopLines, totals } of perShop) {
      const shop = shops.get(shopId);
      // A line over a flash sale's cap becomes two: its sale-price units and the rest.
      const rows = shopLines.flatMap((l) => {
        const q = l.quote;
        const part = (quantity: number, unit: number, saleItemId: number | null) => ({ l, quantity, unit, saleItemId });
        return [
          ...(q.sale_quantity > 0 ? [part(q.sale_quantity, q.sale_unit, q.sale_item_id)] : []),
          ...(q.regular_quantity > 0 ? [part(q.regular_quantity, q.regular_unit, null)] : []),
        ];
      });
      const orderId = await repo.insertOrder(
        trx,
        {
          user_id: user.id,
          shop_id: shopId,
          payment_id: paymentId,
          order_code: "",
          order_status: "Pending",
          payment_status: "Pending",
          payment_method: body.payment_method,
          quantity: shopLines.reduce((n, l) => n + l.product.quantity, 0),
          total_amount: totals.total_amount,
          discount: rows.reduce((n, r) => n + (r.l.quote.price - r.unit) * r.quantity, 0),
          coupon_id: coupon?.shop_id === shopId ? couponId : null,
          coupon_discount: totals.coupon_discount,
          delivery_charge: totals.delivery_charge,
          tax_amount: totals.order_tax_amount,
          payable_amount: totals.payable_amount,
          currency,
          vat_taxes: JSON.stringify(totals.all_vat_taxes),
          note: body.note,
          address: JSON.stringify(snapshot),
          estimated_delivery_date: shop ? estimatedDate(shop.estimated_delivery_time, clock.now()) : null,
          created_at: now,
          updated_at: now,
          contact_email: contact?.kind === "email" ? contact.value : null,
          contact_phone: contact?.kind === "phone" ? contact.value : null,
        },
        shop?.prefix ?? "",
      );
      for (const l of shopLines) {
        const key = {
          product_id: l.product.product_id,
          size_id: l.product.size?.id ?? 0,
          color_id: l.product.color?.id ?? 0,
        };
        // Never below zero: the re-read above saw enough stock under the lock, this re-checks it.
        const taken = await takeStock(tx, key, l.product.quantity, {
          ref: repo.orderCodeOf(shop?.prefix ?? "", orderId),
          userId: user.id,
        });
        if (!taken) throw new AppError(409, OUT_OF_STOCK);
        await repo.addSold(trx, key.product_id, l.product.quantity);
        if (l.quote.sale_item_id !== null) {
          await claimSaleUnits(tx, l.quote.sale_item_id, l.quote.sale_quantity, ORDER_MESSAGES.saleSoldOut);
        }
      }
      const products = rows.map(({ l, quantity, unit, saleItemId }) => ({
        order_id: orderId,
        product_id: l.product.product_id,
        size_id: l.product.size?.id ?? 0,
        color_id: l.product.color?.id ?? 0,
        unit_id: l.product.unit?.id ?? 0,
        name: names.products.get(l.product.product_id) ?? l.product.name,
        size_name: l.product.size?.name ?? null,
        color_name: l.product.color ? (names.colors.get(l.product.color.id) ?? l.product.color.name) : null,
        color_code: l.product.color?.color_code ?? null,
        unit_name: l.product.unit ? (names.units.get(l.product.unit.id) ?? l.product.unit.name) : null,
        regular_price: l.quote.price,
        price: unit,
        quantity,
        flash_sale_item_id: saleItemId,
        flash_sale_qty: saleItemId === null ? 0 : quantity,
      }));
      await repo.insertOrderProducts(trx, products);
      await repo.insertHistory(trx, orderId, "Pending", "customer", now);
      const order = await repo.orderRow(trx, { userId: user.id }, orderId);
      if (coupon?.shop_id === shopId && couponId !== null) {
        await repo.countCouponUse(trx, couponId, user.id, order?.order_code ?? "", now);
      }
      placed.push({
        id: orderId,
        order_code: order?.order_code ?? "",
        shop_id: shopId,
        payable_amount: toMajor(totals.payable_amount),
      });
    }
    await repo.deleteCartLines(
      trx,
      before.map((b) => b.id),
    );

    const answer: PlaceOrderData = {
      order_payment_url: isCash(body.payment_method) ? null : paymentUrl(deps, paymentId),
      payment_id: paymentId,
      payment_method: body.payment_method,
      payable_amount: toMajor(payable),
      orders: placed,
      confirmation_to: confirmationTo(user, contact),
    };
    if (idempotencyKey) {
      await repo.saveIdempotentAnswer(trx, {
        user_id: user.id,
        key: idempotencyKey,
        request_hash: requestHash,
        response: JSON.stringify(answer),
        created_at: now,
      });
    }
    return { answer, fresh: true };
  });
  if ("rejected" in outcome) throw new AppError(409, outcome.rejected, undefined, "cart_changed");
  if (outcome.fresh) ordersPlaced.inc(outcome.answer.orders.length);
  if (outcome.fresh) {
    // The mails go in the language the shopper places the order in (docs/decisions.md).
    await rememberLocale(deps, user.id, locale);
    for (const o of outcome.answer.orders) await notify(deps, { kind: "order_placed", orderId: o.id });
  }
  return outcome.answer;
}

// ---- reading ----

function listItem(r: repo.OrderRow, locale: string): OrderListItem {
  return {
    id: r.id,
    order_code: r.order_code,
    quantity: r.quantity,
    amount: toMajor(r.payable_amount),
    currency: chargedIn(r.currency),
    payment_method: r.payment_method,
    payment_status: r.payment_status,
    order_status: r.order_status,
    created_at: r.created_at,
    address: JSON.parse(r.address) as OrderAddress,
    shop: {
      id: r.shop_id,
      name: tr({ name: r.shop_name, i18n: r.shop_i18n }, "name", locale),
      logo: r.shop_logo,
      rating: Math.round(Number(r.shop_rating) * 10) / 10,
    },
  };
}

// A guest's order carries the contact the guest gave (the account's own email is a made-up name).
// The account's number with its dialling code: the shop may be in another country.
const customerOf = (r: repo.OrderRow, locale: string) => ({
  id: r.user_id,
  name: shownName(r.customer_name, r.customer_erased_at, locale),
  email: r.contact_email ?? (r.contact_phone ? null : r.customer_email),
  phone: r.contact_phone ?? (r.customer_phone ? internationalNumber(r.customer_phone, r.customer_phone_code) : null),
});

async function detailOf(deps: OrderDeps, r: repo.OrderRow, locale: string): Promise<OrderDetail> {
  const db = deps.dbh.db;
  const [products, history, refunded] = await Promise.all([
    repo.orderProducts(db, [r.id]),
    repo.history(db, r.id),
    refundedAmount(db, r.id, true),
  ]);
  const vat = JSON.parse(r.vat_taxes) as VatLine[];
  const payable = !isCash(r.payment_method) && r.payment_status === "Pending" && r.order_status !== "Cancelled";
  return {
    ...listItem(r, locale),
    note: r.note,
    shipment: shipmentOf(r),
    estimated_delivery_date: r.estimated_delivery_date,
    total_amount: toMajor(r.total_amount),
    tax_amount: toMajor(r.tax_amount),
    discount: toMajor(r.discount),
    coupon_discount: toMajor(r.coupon_discount),
    saved: toMajor(r.discount + r.coupon_discount),
    delivery_charge: toMajor(r.delivery_charge),
    payable_amount: toMajor(r.payable_amount),
    all_vat_taxes: vat.map((v) => ({ name: vatName(v, locale), rate: v.rate_bp / 100, amount: toMajor(v.amount) })),
    products: products.map((p) => productOf(p, locale)),
    status_history: history.map((h) => ({ status: h.status, created_at: h.created_at, by: h.changed_by })),
    invoice_url: invoiceUrl(deps, r.id),
    payment_id: r.payment_id,
    order_payment_url: payable ? paymentUrl(deps, r.payment_id) : null,
    can_cancel: r.order_status === "Pending",
    refund_on_cancel: r.order_status === "Pending" && r.payment_status === "Paid" ? toMajor(r.payable_amount) : null,
    refunded_amount: toMajor(refunded),
    can_reorder: r.order_status === "Delivered",
  };
}

function productOf(p: repo.OrderProductRow, locale: string): OrderDetail["products"][number] {
  const translated = (name: string | null, i18n: string | null) =>
    name === null ? null : i18n ? tr({ name, i18n }, "name", locale) : name;
  return {
    id: p.id,
    product_id: p.product_id,
    name: tr({ name: p.name, i18n: p.i18n }, "name", locale),
    slug: p.slug,
    thumbnail: p.thumbnail,
    price: toMajor(p.price),
    order_qty: p.quantity,
    size: p.size_id && p.size_name !== null ? { id: p.size_id, name: p.size_name } : null,
    color:
      p.color_id && p.color_name !== null
        ? {
            id: p.color_id,
            name: translated(p.color_name, p.color_i18n) ?? p.color_name,
            color_code: p.color_code ?? "",
          }
        : null,
    unit:
      p.unit_id && p.unit_name !== null
        ? { id: p.unit_id, name: translated(p.unit_name, p.unit_i18n) ?? p.unit_name }
        : null,
    subtotal: toMajor(p.price * p.quantity),
    flash_sale: p.flash_sale_item_id !== null,
  };
}

async function countsOf(db: Db, scope: repo.OrderScope): Promise<OrderStatusCounts> {
  const counts = Object.fromEntries(["all", ...ORDER_STATUSES].map((s) => [s, 0])) as OrderStatusCounts;
  for (const r of await repo.statusCounts(db, scope)) {
    counts[r.order_status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

/** A page of the scope's orders and its status counts; unless narrowed (a search, open returns), the page's total is one of them. */
async function pageOf(db: Db, scope: repo.OrderScope, q: SellerOrdersQuery | OrdersQuery) {
  const filter = {
    status: q.order_status,
    search: "search" in q ? q.search : undefined,
    openReturns: "returns" in q && q.returns === "open",
  };
  const narrowed = filter.search || filter.openReturns;
  const [status_counts, searched, rows] = await Promise.all([
    countsOf(db, scope),
    narrowed ? repo.countOrders(db, scope, filter) : undefined,
    repo.orderPage(db, scope, filter, pageWindow(q)),
  ]);
  return { rows, page: pageMeta(searched ?? status_counts[filter.status ?? "all"], q), status_counts };
}

export async function listOrders(deps: OrderDeps, userId: number, q: OrdersQuery, locale: string): Promise<OrdersData> {
  const { rows, page, status_counts } = await pageOf(deps.dbh.db, { userId }, q);
  return { orders: { data: rows.map((r) => listItem(r, locale)), ...page }, status_counts };
}

export async function getOrder(
  deps: OrderDeps,
  userId: number,
  id: number,
  locale: string,
): Promise<ShopperOrderDetail> {
  const row = await repo.orderRow(deps.dbh.db, { userId }, id);
  if (!row) throw notFound("Order");
  const [detail, paidWith] = await Promise.all([
    detailOf(deps, row, locale),
    repo.otherCodesOfPayment(deps.dbh.db, row.payment_id, row.id),
  ]);
  return { ...detail, paid_with: paidWith };
}

/** The shopper dashboard: order counts, latest orders (recent_orders: order list items), wishlist size. */
export async function shopperDashboard(deps: DbDeps, userId: number, locale = "en"): Promise<DashboardData> {
  const { db } = deps.dbh;
  const [counts, recent, wishlist] = await Promise.all([
    countsOf(db, { userId }),
    repo.orderPage(db, { userId }, {}, { limit: 5, offset: 0 }),
    favoriteCount(deps, userId),
  ]);
  return {
    total_orders: counts.all,
    pending: counts.Pending,
    delivered: counts.Delivered,
    cancelled: counts.Cancelled,
    recent_orders: recent.map((r) => listItem(r, locale)),
    wishlist,
  };
}

// ---- changing ----

/**
 * Returns a cancelled order's stock, flash-sale quantities, sales count and coupon, and records
 * the refund of what was paid for it; answers that refund's id, to send once committed.
 */
async function cancelInside(tx: StockDeps, order: repo.LockedOrder, userId: number | null): Promise<number | null> {
  const { db: trx, pg } = tx.dbh;
  const lines = await repo.linesToReturn(trx, order.id);
  if (pg) await repo.lockVariants(trx, [...lines].sort(repo.byVariant));
  for (const l of lines) {
    await returnStock(tx, l, l.quantity, { ref: order.order_code, userId });
    await repo.takeSold(trx, l.product_id, l.quantity);
    if (l.flash_sale_item_id !== null && l.flash_sale_qty > 0) {
      await releaseSaleUnits(tx, l.flash_sale_item_id, l.flash_sale_qty);
    }
  }
  if (order.coupon_id !== null) await repo.releaseCouponUse(trx, order.coupon_id, order.user_id);
  return order.payment_status === "Paid" ? refund(tx, order, order.payable_amount, "Order cancelled") : null;
}

export async function cancelOrder(
  deps: OrderDeps & RefundDeps & NotifyDeps,
  userId: number,
  id: number,
  locale: string,
): Promise<ShopperOrderDetail> {
  const refundId = await writeTransaction(deps.dbh, async (trx) => {
    const order = await repo.lockOrder(trx, id, deps.dbh.pg);
    if (!order || order.user_id !== userId) throw notFound("Order");
    if (order.order_status !== "Pending") throw new AppError(409, ORDER_MESSAGES.onlyPendingCancel);
    const refundId = await cancelInside(inTransaction(deps, trx), order, userId);
    const now = clock.iso();
    await repo.setStatus(trx, id, { order_status: "Cancelled", updated_at: now });
    await repo.insertHistory(trx, id, "Cancelled", "customer", now);
    return refundId;
  });
  await notify(deps, { kind: "order_cancelled", orderId: id });
  if (refundId !== null) await sendRefund(deps, refundId);
  return getOrder(deps, userId, id, locale);
}

/**
 * Puts a delivered order's products back in the cart, as many as are in stock (up to the
 * ordered quantity); answers how many lines were added and the cart's line count.
 */
export async function reorder(
  deps: OrderDeps,
  userId: number,
  id: number,
): Promise<{ message: string; data: ReorderData }> {
  const { dbh } = deps;
  return writeTransaction(dbh, async (trx) => {
    await lockUser(trx, userId, dbh.pg);
    const order = await repo.orderRow(trx, { userId }, id);
    if (!order) throw notFound("Order");
    if (order.order_status !== "Delivered") throw new AppError(409, ORDER_MESSAGES.onlyDeliveredReorder);
    const lines = await repo.orderProducts(trx, [id]);
    const { added, total } = await addAllAvailable(inTransaction(deps, trx), userId, lines);
    if (added === 0) throw new AppError(409, "None of this order's products are in stock right now.");
    const message =
      added < lines.length
        ? `${ORDER_MESSAGES.reordered}; some products are out of stock and were not added.`
        : ORDER_MESSAGES.reordered;
    return { message, data: { total, added } };
  });
}

// ---- seller ----

/** How many of the shop's orders have a return not yet done. */
export const openReturnCount = (deps: DbDeps, shopId: number) => repo.openReturnCount(deps.dbh.db, shopId);

export async function sellerOrders(
  deps: OrderDeps,
  shopId: number,
  q: SellerOrdersQuery,
  locale: string,
): Promise<SellerOrdersData> {
  const [{ rows, page, status_counts }, open_returns] = await Promise.all([
    pageOf(deps.dbh.db, { shopId }, q),
    openReturnCount(deps, shopId),
  ]);
  const data: SellerOrderListItem[] = rows.map((r) => ({ ...listItem(r, locale), customer: customerOf(r, locale) }));
  return { orders: { data, ...page }, status_counts, open_returns };
}

export async function sellerOrder(
  deps: OrderDeps,
  shopId: number,
  id: number,
  locale: string,
): Promise<SellerOrderDetail> {
  const row = await repo.orderRow(deps.dbh.db, { shopId }, id);
  if (!row) throw notFound("Order");
  const detail = await detailOf(deps, row, locale);
  const awaiting = awaitingPayment(row);
  return {
    ...detail,
    customer: customerOf(row, locale),
    next_status: awaiting ? null : (SELLER_NEXT_STATUS[row.order_status] ?? null),
    awaiting_payment: awaiting,
    can_cancel: row.order_status === "Pending",
    can_edit_shipment: SHIPMENT_STATUSES.includes(row.order_status),
  };
}

// ---- admin ----

/** Every shop's orders for the admin console: searched by order number, shopper's name or email, or shop name. */
export async function adminOrders(
  deps: OrderDeps,
  q: SellerOrdersQuery,
  locale: string,
): Promise<Paginated<SellerOrderListItem>> {
  const db = deps.dbh.db;
  const filter = { status: q.order_status, search: q.search, wide: true };
  const [total, rows] = await Promise.all([
    repo.countOrders(db, {}, filter),
    repo.orderPage(db, {}, filter, pageWindow(q)),
  ]);
  return {
    data: rows.map((r) => ({ ...listItem(r, locale), customer: customerOf(r, locale) })),
    ...pageMeta(total, q),
  };
}

/** Any order's details, as its shopper sees them, with the shopper's contacts. */
export async function adminOrder(
  deps: OrderDeps,
  id: number,
  locale: string,
): Promise<OrderDetail & { customer: SellerOrderListItem["customer"] }> {
  const row = await repo.orderRow(deps.dbh.db, {}, id);
  if (!row) throw notFound("Order");
  return { ...(await detailOf(deps, row, locale)), customer: customerOf(row, locale) };
}

/** The seller moves an order one step along, or cancels it while Pending. */
/** An order paid online whose payment has not come: its shop may cancel it, not confirm it. */
const awaitingPayment = (o: { payment_method: string; payment_status: string; order_status: string }) =>
  !isCash(o.payment_method) && o.payment_status === "Pending" && o.order_status === "Pending";

export async function sellerChangeStatus(
  deps: OrderDeps & RefundDeps & NotifyDeps,
  who: { shopId: number; userId: number },
  id: number,
  status: repo.OrderStatus,
  locale: string,
): Promise<SellerOrderDetail> {
  const refundId = await writeTransaction(deps.dbh, async (trx) => {
    const order = await repo.lockOrder(trx, id, deps.dbh.pg);
    if (!order || order.shop_id !== who.shopId) throw notFound("Order");
    const now = clock.iso();
    let refundId: number | null = null;
    if (status === "Cancelled") {
      if (order.order_status !== "Pending") throw new AppError(409, ORDER_MESSAGES.onlyPendingCancel);
      refundId = await cancelInside(inTransaction(deps, trx), order, who.userId);
    } else {
      if (awaitingPayment(order)) throw new AppError(409, ORDER_MESSAGES.awaitingPayment);
      const next = SELLER_NEXT_STATUS[order.order_status];
      if (next !== status) {
        throw new AppError(
          409,
          next
            ? `This order is ${statusName(order.order_status)}; its next status is ${statusName(next)}.`
            : `This order is ${statusName(order.order_status)} and can no longer change.`,
        );
      }
    }
    // Cash on delivery is paid when the order is delivered.
    const paid = status === "Delivered" && isCash(order.payment_method);
    await repo.setStatus(trx, id, { order_status: status, ...(paid && { payment_status: "Paid" }), updated_at: now });
    await repo.insertHistory(trx, id, status, "seller", now);
    return refundId;
  });
  await notify(deps, { kind: status === "Cancelled" ? "order_cancelled" : "order_status", orderId: id });
  if (refundId !== null) await sendRefund(deps, refundId);
  return sellerOrder(deps, who.shopId, id, locale);
}

/** The seller gives (or corrects) the parcel of a confirmed order that is not yet delivered. */
export async function sellerSetShipment(
  deps: OrderDeps & NotifyDeps,
  shopId: number,
  id: number,
  shipment: SellerOrderShipmentBody,
  locale: string,
): Promise<SellerOrderDetail> {
  const changedOnTheWay = await writeTransaction(deps.dbh, async (trx) => {
    const order = await repo.lockOrder(trx, id, deps.dbh.pg);
    if (!order || order.shop_id !== shopId) throw notFound("Order");
    if (!SHIPMENT_STATUSES.includes(order.order_status)) {
      throw new AppError(
        409,
        order.order_status === "Pending"
          ? `This order is ${statusName(order.order_status)}; confirm it before adding its parcel.`
          : `This order is ${statusName(order.order_status)}; its parcel can no longer change.`,
      );
    }
    await repo.setShipment(trx, shopId, id, shipment, SHIPMENT_STATUSES, clock.iso());
    // The "on the way" mail named the parcel as it was then (or none): a change after it is told.
    const before = shipmentOf(order);
    return (
      order.order_status === "On The Way" &&
      (before?.carrier !== shipment.carrier ||
        before.tracking_number !== shipment.tracking_number ||
        before.tracking_url !== shipment.tracking_url)
    );
  });
  if (changedOnTheWay) await notify(deps, { kind: "parcel_changed", orderId: id });
  return sellerOrder(deps, shopId, id, locale);
}

// ---- invoice ----

/** The invoice page of an order, for its signed link, its shopper or its shop's owner. */
export async function invoiceHtml(
  deps: OrderDeps,
  id: number,
  access: { signature: string | undefined; userId: number | null },
  locale: string,
  timeZone?: string,
): Promise<string> {
  const db = deps.dbh.db;
  const row = await repo.orderRow(db, {}, id);
  if (!row) throw notFound("Order");
  const owner =
    access.userId !== null &&
    (access.userId === row.user_id || (await repo.shopOwner(db, row.shop_id)) === access.userId);
  if (!owner && !verify(deps.config.appSecret, access.signature, "invoice", id)) throw notFound("Order");
  const [order, settings, shop] = await Promise.all([
    detailOf(deps, row, locale),
    getSiteSettings(deps),
    repo.shopAddress(db, row.shop_id),
  ]);
  const lang = shippedLocale(locale);
  return invoicePage({
    order,
    appName: settings.app_name,
    shopAddress: shop,
    customer: customerOf(row, lang),
    method: paymentMethodName(deps, settings, row.payment_method, lang),
    locale: lang,
    timeZone,
  });
}

/** The order a change is made to (a refund of its return), locked on PostgreSQL until the transaction ends. */
export const { lockOrder } = repo;
