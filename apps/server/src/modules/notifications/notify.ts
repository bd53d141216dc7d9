import {
  LOCKED_MAIL_TOPICS,
  type MailTopic,
  NOTIFICATION_EVENT,
  type Notification,
  type NotificationEvent,
  shopChannel,
  userChannel,
} from "@market/contract";
import type { AppDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { tr } from "../../lib/i18n.ts";
import { shippedLocale } from "../../lib/messages.ts";
import { toMajor, toMinor } from "../../lib/money.ts";
import { internationalNumber } from "../../lib/phone-number.ts";
import { invoiceUrl } from "../orders/invoice.ts";
import { shipmentOf } from "../orders/shipment.ts";
import { isCash, paymentMethodName } from "../payments/gateways.ts";
import { chargedIn, formatMoney } from "../payments/html.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import { orderPlacedSms, renderOrderMail } from "./mail-templates.ts";
import * as repo from "./notifications.repository.ts";
import { shopAudience } from "./notifications.service.ts";

// The one way other modules tell people that something happened to an order. `notify` queues a
// `notify` job (in the caller's transaction when given one, else after its commit) and never
// throws; the job resolves the recipients (the order's shopper and/or its shop) from the order,
// writes in-app notifications, pushes them on the private channels and sends the mails each
// recipient wants (each mail its own retried delivery job). The fan-out is not retried: a second
// run after a half-done one would repeat notifications; a failure is logged and kept on the job.
// `notifyInApp` is the way for what is not an order's course (a ticket's answer, a review): one
// in-app notification, written and pushed at once, no mail.

export type NotificationKind =
  | "order_placed"
  | "new_order" // an order paid online was paid: its shop is told now
  | "order_status" // the seller moved the order (Confirm, Processing, On The Way, Delivered)
  | "parcel_changed" // the seller gave or corrected the parcel of an order on its way
  | "order_cancelled"
  | "return_requested"
  | "return_decided" // approved or rejected
  | "refunded";

export interface NotifyEvent {
  kind: NotificationKind;
  orderId: number;
  /** the return request, for return_* kinds and refunds of a return */
  returnId?: number;
  /** for "refunded": the refund that settled (its return, if any, is looked up) */
  refundId?: number;
}

export type NotifyDeps = Pick<AppDeps, "dbh" | "config" | "mailer" | "sms" | "realtime" | "jobs" | "log">;

export const NOTIFY_JOB = "notify";
const KINDS: readonly NotificationKind[] = [
  "order_placed",
  "new_order",
  "order_status",
  "parcel_changed",
  "order_cancelled",
  "return_requested",
  "return_decided",
  "refunded",
];

/** The statuses a shopper is mailed about (the others only show in the app). */
const MAILED_STATUSES = new Set(["Confirm", "On The Way", "Delivered"]);

/** The mail topic a notification kind's mail belongs to: a parcel's change is an order update. */
const topicOf = (kind: Notification["kind"]): MailTopic =>
  (kind === "parcel_changed" ? "order_status" : kind) as MailTopic;

type Params = Notification["params"];
type StoredParams = repo.StoredParams;
interface Delivery {
  kind: Notification["kind"];
  params: StoredParams;
  /** mail this topic unless turned off (or always, when locked) */
  mail: boolean;
}

export async function notify(deps: Pick<AppDeps, "dbh" | "jobs" | "log">, event: NotifyEvent): Promise<void> {
  try {
    await deps.jobs.send(NOTIFY_JOB, { ...event }, { db: deps.dbh.db });
  } catch (error) {
    deps.log.error({ err: error, event }, "queueing a notification failed");
  }
}

export function registerNotifyJob(deps: NotifyDeps): void {
  deps.jobs.register(
    NOTIFY_JOB,
    async (data) => {
      const event = eventOf(data);
      if (!event) return;
      try {
        await deliver(deps, event);
      } catch (error) {
        deps.log.error({ err: error, event }, "notifying about an order failed");
        throw error;
      }
    },
    { retryLimit: 0, retryDelaySeconds: deps.config.JOB_RETRY_SECONDS },
  );
}

const idOf = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : undefined);

/** The event a job carries (as notify wrote it); null for anything else. */
function eventOf(data: Record<string, unknown>): NotifyEvent | null {
  const kind = KINDS.find((k) => k === data.kind);
  const orderId = idOf(data.orderId);
  if (!kind || orderId === undefined) return null;
  const returnId = idOf(data.returnId);
  const refundId = idOf(data.refundId);
  return {
    kind,
    orderId,
    ...(returnId !== undefined && { returnId }),
    ...(refundId !== undefined && { refundId }),
  };
}

async function deliver(deps: NotifyDeps, told: NotifyEvent): Promise<void> {
  const db = deps.dbh.db;
  const refund = told.refundId !== undefined ? await repo.refundFacts(db, told.refundId) : undefined;
  const returnId = told.returnId ?? refund?.return_id ?? undefined;
  const event = { ...told, ...(returnId !== undefined && { returnId }) };
  const order = await repo.orderFacts(db, event.orderId);
  if (!order) return;
  const base: Params = { code: order.order_code };
  const toShopper: Delivery[] = [];
  const toShop: Delivery[] = [];
  let kind = event.kind;
  if (kind === "order_status" && order.order_status === "Cancelled") kind = "order_cancelled";
  switch (kind) {
    case "order_placed":
      toShopper.push({ kind: "order_placed", params: base, mail: true });
      // An order paid online waits for its payment, which tells the shop (`new_order`): the shop is
      // not asked to confirm an order that may never be paid.
      if (isCash(order.payment_method)) toShop.push({ kind: "new_order", params: base, mail: true });
      for (const low of await lowStockReached(db, order)) toShop.push({ kind: "low_stock", params: low, mail: false });
      break;
    case "new_order":
      toShop.push({ kind: "new_order", params: base, mail: true });
      break;
    case "order_status":
      toShopper.push({
        kind: "order_status",
        params: { ...base, status: order.order_status },
        mail: MAILED_STATUSES.has(order.order_status),
      });
      break;
    case "parcel_changed":
      // only while it is on its way: a later status has its own notice
      if (order.order_status !== "On The Way") return;
      toShopper.push({ kind: "parcel_changed", params: base, mail: true });
      break;
    case "order_cancelled":
      toShopper.push({ kind: "order_cancelled", params: base, mail: true });
      toShop.push({ kind: "shop_order_cancelled", params: base, mail: true });
      break;
    case "return_requested":
      toShop.push({ kind: "return_requested", params: base, mail: true });
      break;
    case "return_decided": {
      const r = event.returnId ? await repo.returnStatus(db, event.returnId, order.id) : undefined;
      const decision = r?.status === "Rejected" ? "rejected" : "approved";
      toShopper.push({ kind: "return_decided", params: { ...base, decision }, mail: true });
      break;
    }
    case "refunded":
      // one notice per cancellation or return refunded, however many ways it is reported
      if (await repo.toldRefunded(db, order.id, event.returnId ?? null)) return;
      toShopper.push({
        kind: "refunded",
        params: { ...base, ...(refund && { amount: toMajor(refund.amount) }) },
        mail: true,
      });
      break;
  }

  const now = clock.iso();
  const about = { order_id: order.id, return_id: event.returnId ?? null, created_at: now };
  for (const d of toShopper) await tell(deps, { userId: order.user_id }, { ...about, kind: d.kind, params: d.params });
  for (const d of toShop) await tell(deps, { shopId: order.shop_id }, { ...about, kind: d.kind, params: d.params });
  await sendMails(deps, order, toShopper, toShop);
}

/**
 * The variants whose stock this order took to the shop's low-stock alert (from above it) or to
 * nothing: the "Low-stock alert at" of the shop's profile. Already low stock is told again only
 * when it runs out. The colour is kept by id and named in the reader's language when read.
 */
async function lowStockReached(db: NotifyDeps["dbh"]["db"], order: repo.OrderFacts): Promise<StoredParams[]> {
  return (await repo.stockTaken(db, order))
    .filter((m) => {
      const before = m.stock_after - m.change;
      return m.stock_after === 0 || (m.stock_after <= m.low_stock_threshold && before > m.low_stock_threshold);
    })
    .map((m) => ({
      product: m.name,
      product_id: m.id,
      stock: m.stock_after,
      ...(m.size !== null && { size: m.size }),
      ...(m.color_id !== null && { color_id: m.color_id }),
    }));
}

/** Writes one notification for a shopper or a shop and pushes it, with their unread count, on their channel. */
async function tell(
  deps: Pick<AppDeps, "dbh" | "realtime">,
  to: repo.Recipient,
  n: {
    kind: Notification["kind"];
    params: StoredParams;
    order_id: number | null;
    return_id: number | null;
    created_at: string;
  },
) {
  const db = deps.dbh.db;
  const user = "userId" in to;
  const id = await repo.insertNotification(db, {
    ...n,
    user_id: user ? to.userId : null,
    shop_id: user ? null : to.shopId,
    params: JSON.stringify(n.params),
  });
  // The shop's count is its owner's; each member's bell reads its own when the event arrives.
  const data: NotificationEvent = {
    id,
    unread: await repo.unreadCount(db, user ? to : shopAudience({ shopId: to.shopId, role: "owner" })),
  };
  await deps.realtime.publish([user ? userChannel(to.userId) : shopChannel(to.shopId)], NOTIFICATION_EVENT, data);
}

/**
 * Tells a shopper or a shop in the app about something other than an order's course: support
 * answered the shopper's ticket (`code` its number; the answer's mail is the ticket's own), a shop
 * replied to their review (`product`, `product_id`), a shopper reviewed the shop's product (`product`,
 * `product_id`, `rating`), the marketplace approved or rejected the shop's product (`product`, `product_id`,
 * `decision`), a variant a shopper waited for is back in stock (`product`, `product_id`, `size`,
 * `color_id`). Never throws: what happened stands either way.
 */
export async function notifyInApp(
  deps: Pick<AppDeps, "dbh" | "realtime" | "log">,
  to: repo.Recipient,
  kind:
    | "ticket_answered"
    | "ticket_closed"
    | "review_replied"
    | "review_posted"
    | "product_moderated"
    | "back_in_stock",
  params: StoredParams,
  orderId: number | null = null,
): Promise<void> {
  try {
    await tell(deps, to, { kind, params, order_id: orderId, return_id: null, created_at: clock.iso() });
  } catch (error) {
    deps.log.error({ err: error, to, kind }, "an in-app notification failed");
  }
}

/** Whether the user gets mails of the topic: always for a transactional one, else unless turned off. */
export async function wants(deps: Pick<AppDeps, "dbh">, userId: number, topic: MailTopic): Promise<boolean> {
  if (LOCKED_MAIL_TOPICS.includes(topic)) return true;
  return !(await repo.optOuts(deps.dbh.db, userId)).includes(topic);
}

/**
 * Where an order's messages reach its shopper: a guest's contact from checkout, else the account's
 * email, else (an account with only a phone) its number. A phone gets the order confirmation as a
 * text message (no other message goes by SMS).
 */
export function shopperReach(o: {
  contact_email: string | null;
  contact_phone: string | null;
  user_is_guest: number;
  user_email: string | null;
  user_phone: string | null;
  user_phone_code: string | null;
}): { email: string | null; phone: string | null } {
  const email = o.contact_email ?? (o.contact_phone || o.user_is_guest === 1 ? null : o.user_email);
  const phone =
    o.contact_phone ??
    (o.user_is_guest !== 1 && !o.user_email && o.user_phone
      ? internationalNumber(o.user_phone, o.user_phone_code)
      : null);
  return { email, phone };
}

async function sendMails(deps: NotifyDeps, order: repo.OrderFacts, toShopper: Delivery[], toShop: Delivery[]) {
  if (!toShopper.some((d) => d.mail) && !toShop.some((d) => d.mail)) return;
  const settings = await getSiteSettings(deps);
  const currency = chargedIn(order.currency);
  const { appUrl } = deps.config;
  const total = (locale: string) => formatMoney(order.payable_amount, currency, locale);
  const shopName = (locale: string) => tr({ name: order.shop_name, i18n: order.shop_i18n }, "name", locale);

  const { email, phone } = shopperReach(order);
  for (const d of toShopper) {
    if (!d.mail || !(await wants(deps, order.user_id, topicOf(d.kind)))) continue;
    const locale = shippedLocale(order.user_locale);
    const facts = {
      app: settings.app_name,
      code: order.order_code,
      shop: shopName(locale),
      total: total(locale),
      ...(d.params.status && { status: d.params.status }),
      ...(d.params.decision && { decision: d.params.decision }),
      ...(d.params.amount !== undefined && { amount: formatMoney(toMinor(d.params.amount), currency, locale) }),
    };
    if (email) {
      const placed = d.kind === "order_placed";
      const onItsWay = d.kind === "parcel_changed" || (d.kind === "order_status" && d.params.status === "On The Way");
      const shipment = onItsWay ? shipmentOf(order) : null;
      const mail = await renderOrderMail(d.kind, locale, {
        ...facts,
        ...(placed && {
          payment: paymentMethodName(deps, settings, order.payment_method, locale),
          invoiceUrl: invoiceUrl(deps, order.id, locale),
        }),
        ...(shipment && { shipment }),
        ...(d.kind === "refunded" && { cash: isCash(order.payment_method) }),
        orderUrl: order.user_is_guest === 1 ? null : `${appUrl}/order-history/${order.id}`,
        optional: !LOCKED_MAIL_TOPICS.includes(topicOf(d.kind)),
      });
      await deps.mailer.send({ to: email, ...mail });
    } else if (phone && d.kind === "order_placed") {
      await deps.sms.send({ to: phone, text: orderPlacedSms(locale, facts) });
    }
  }
  // The shop's owner.
  for (const d of toShop) {
    if (!d.mail || !order.owner_email || !(await wants(deps, order.owner_id, topicOf(d.kind)))) continue;
    const locale = shippedLocale(order.owner_locale);
    const mail = await renderOrderMail(d.kind, locale, {
      app: settings.app_name,
      code: order.order_code,
      shop: shopName(locale),
      total: total(locale),
      orderUrl: `${appUrl}/seller/orders/${order.id}`,
      optional: true,
      toShop: true,
    });
    await deps.mailer.send({ to: order.owner_email, ...mail });
  }
}
