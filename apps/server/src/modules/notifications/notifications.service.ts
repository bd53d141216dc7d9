import {
  LOCKED_MAIL_TOPICS,
  MAIL_TOPICS,
  type MailPreferencesBody,
  type MailPreferencesData,
  type Notification,
  type NotificationsData,
  SELLER_AREAS_OF,
  SHOP_MAIL_TOPICS,
  SHOP_NOTIFICATION_AREA,
  type ShopNotificationKind,
} from "@market/contract";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { shippedLocale } from "../../lib/messages.ts";
import { type PageArgs, pageMeta, pageWindow } from "../../lib/paging.ts";
import type { SellerAccess } from "../seller-signup/seller-signup.service.ts";
import * as repo from "./notifications.repository.ts";

// Reading and marking a shopper's or a shop's notifications, and the mails a user turned off.

export type { Audience } from "./notifications.repository.ts";

const SHOP_KINDS = Object.keys(SHOP_NOTIFICATION_AREA) as ShopNotificationKind[];

/** A shop's notifications as a member reads them: those of the sections their role includes. */
export function shopAudience({ shopId, role }: Pick<SellerAccess, "shopId" | "role">): repo.Audience {
  const areas = SELLER_AREAS_OF[role];
  return { shopId, kinds: SHOP_KINDS.filter((k) => areas.includes(SHOP_NOTIFICATION_AREA[k])) };
}

/** The shop whose channel brings a member's notifications live: it carries the shop's messages too, so the orders section's. */
export const liveShopOf = ({ shopId, role }: SellerAccess): number | null =>
  SELLER_AREAS_OF[role].includes("orders") ? shopId : null;

export async function list(deps: DbDeps, a: repo.Audience, q: PageArgs, locale: string): Promise<NotificationsData> {
  const db = deps.dbh.db;
  const [{ rows, total }, unread] = await Promise.all([repo.page(db, a, pageWindow(q)), repo.unreadCount(db, a)]);
  const stored = rows.map((r) => JSON.parse(r.params) as repo.StoredParams);
  const idsOf = (key: "color_id" | "product_id") => [
    ...new Set(stored.flatMap((p) => (p[key] === undefined ? [] : [p[key]]))),
  ];
  const [colorRows, productRows] = await Promise.all([
    repo.colorsOf(db, idsOf("color_id")),
    repo.productsOf(db, idsOf("product_id")),
  ]);
  const names = {
    colors: new Map(colorRows.map((c) => [c.id, tr(c, "name", locale)])),
    products: new Map(productRows.map((p) => [p.id, tr(p, "name", locale)])),
  };
  const data = rows.map(
    (r, i): Notification => ({
      id: r.id,
      kind: r.kind as Notification["kind"],
      order_id: r.order_id,
      return_id: r.return_id,
      params: shownParams(stored[i] as repo.StoredParams, names),
      read: r.read_at !== null,
      created_at: r.created_at,
    }),
  );
  return { data, ...pageMeta(total, q), unread };
}

/**
 * The parameters as the reader gets them: a variant's colour, and a product that still exists, by
 * their names in the reader's language (the stored name is the one of when it was told).
 */
function shownParams(
  { color_id, ...rest }: repo.StoredParams,
  names: { colors: Map<number, string>; products: Map<number, string> },
): Notification["params"] {
  const color = color_id === undefined ? undefined : names.colors.get(color_id);
  const product = rest.product_id === undefined ? undefined : names.products.get(rest.product_id);
  return { ...rest, ...(product !== undefined && { product }), ...(color !== undefined && { color }) };
}

export function unread(deps: DbDeps, a: repo.Audience): Promise<number> {
  return repo.unreadCount(deps.dbh.db, a);
}

export async function markRead(deps: DbDeps, a: repo.Audience, id: number): Promise<number> {
  if (!(await repo.markRead(deps.dbh.db, a, id, clock.iso()))) throw notFound("Notification");
  return repo.unreadCount(deps.dbh.db, a);
}

export async function markAllRead(deps: DbDeps, a: repo.Audience): Promise<number> {
  await repo.markAllRead(deps.dbh.db, a, clock.iso());
  return 0;
}

export async function preferences(deps: DbDeps, userId: number): Promise<MailPreferencesData> {
  const db = deps.dbh.db;
  const [off, seller] = await Promise.all([repo.optOuts(db, userId), repo.ownsShop(db, userId)]);
  const topics = MAIL_TOPICS.filter((t) => seller || !SHOP_MAIL_TOPICS.includes(t));
  return {
    preferences: topics.map((topic) => {
      const locked = LOCKED_MAIL_TOPICS.includes(topic);
      return { topic, locked, email: locked || !off.includes(topic) };
    }),
  };
}

/** Turns mails on or off; the contract refuses turning off a transactional one (422). */
export async function setPreferences(
  deps: DbDeps,
  userId: number,
  body: MailPreferencesBody,
): Promise<MailPreferencesData> {
  for (const topic of MAIL_TOPICS) {
    const on = body[topic];
    if (on === undefined || LOCKED_MAIL_TOPICS.includes(topic)) continue;
    await repo.setOptOut(deps.dbh.db, userId, topic, !on);
  }
  return preferences(deps, userId);
}

/**
 * Remembers the language the user's mails are written in: the request's, when it is a language
 * mails are shipped in (docs/decisions.md, "Notifications").
 */
export async function rememberLocale(deps: DbDeps, userId: number, locale: string): Promise<void> {
  if (shippedLocale(locale) !== locale) return;
  await repo.setUserLocale(deps.dbh.db, userId, locale);
}
