import {
  CHAT_EVENT_TO_SHOP,
  CHAT_EVENT_TO_USER,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_USER_MESSAGES_PER_MINUTE,
  type ChatEvent,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatShop,
  type ChatShopEntry,
  type ChatShopsPage,
  type ChatUser,
  ONLINE_FOR_MS,
  type Paginated,
  type SellerConversation,
  type SellerMessagesPage,
  shopChannel,
  userChannel,
} from "@market/contract";
import type { DbHandle } from "../../db/index.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { fieldError, notFound, tooManyUntil } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { shownName } from "../../lib/messages.ts";
import { toMajor } from "../../lib/money.ts";
import { type PageArgs, pageWindow, paginate } from "../../lib/paging.ts";
import type { Realtime } from "../../realtime/publisher.ts";
import { activeShopIdOf } from "../seller-signup/seller-signup.service.ts";
import * as repo from "./chat.repository.ts";

// Chat between a shopper and a shop. Each side reaches a conversation only through its own id
// (the shopper's token plus a shop id, the seller's shop plus a user id), so nobody else can
// read it. New messages are announced on the other side's private channel with ids only.

/** The deps of the calls that write a message: it is announced on the other side's channel. */
export type ChatDeps = Pick<AppDeps, "dbh" | "realtime">;

type Side = "user" | "shop";
const MINUTE_MS = 60_000;
const isOnline = (lastOnline: string | null) => lastOnline !== null && lastOnline > clock.iso();

type ShopRow = NonNullable<Awaited<ReturnType<typeof repo.activeShop>>>;
type Conversation = NonNullable<Awaited<ReturnType<typeof repo.findConversation>>>;

const shopOf = (s: ShopRow, locale: string): ChatShop => ({ id: s.id, name: tr(s, "name", locale), logo: s.logo });

async function shopOrFail(dbh: DbHandle, shopId: number): Promise<ShopRow> {
  const shop = await repo.activeShop(dbh.db, shopId);
  if (!shop) throw notFound("Shop");
  return shop;
}

async function userOrFail(dbh: DbHandle, userId: number) {
  const user = await repo.userBrief(dbh.db, userId);
  if (!user) throw notFound("Conversation");
  return user;
}

function messageOf(
  r: repo.MessageRow,
  c: Conversation,
  user: ChatUser,
  shop: ChatShop,
  shopOnline: boolean,
  locale: string,
): ChatMessage {
  return {
    id: r.id,
    user_id: c.user_id,
    shop_id: c.shop_id,
    message: r.message,
    type: r.sender_type,
    is_seen: r.seen_at !== null,
    created_at: r.created_at,
    user,
    shop,
    product:
      r.product_id === null
        ? null
        : {
            id: r.product_id,
            name: tr({ name: r.product_name ?? "", i18n: r.product_i18n ?? "{}" }, "name", locale),
            slug: r.product_slug ?? "",
            thumbnail: r.product_thumbnail ?? "",
            price: toMajor(r.product_price ?? 0),
            discount_price: toMajor(r.product_discount_price ?? 0),
            rating: Number(r.product_rating ?? 0),
            total_reviews: r.product_total_reviews ?? 0,
          },
    shop_active_status: shopOnline,
  };
}

/**
 * One page of a conversation for the side `reader`, oldest first within the page (page 1 is the
 * newest). Reading a page is having seen the conversation up to its newest message: the other
 * side's messages up to it are marked seen and leave the reader's unread count, so opening a
 * conversation clears its count, however many pages it is behind.
 */
async function readPage(
  dbh: DbHandle,
  c: Conversation,
  reader: Side,
  q: PageArgs,
  people: { user: ChatUser; shop: ChatShop; shopOnline: boolean },
  locale: string,
) {
  const [rows, total] = await Promise.all([
    repo.messagePage(dbh.db, c.id, pageWindow(q)),
    repo.countMessages(dbh.db, c.id),
  ]);
  const writer: Side = reader === "user" ? "shop" : "user";
  const newest = rows[0]?.id;
  const unread = reader === "user" ? c.user_unread : c.shop_unread;
  if (newest !== undefined && unread > 0) {
    const now = clock.iso();
    await dbh.db.transaction().execute((trx) => repo.markSeen(trx, c.id, writer, newest, now));
  }
  const data = rows.reverse().map((r) => messageOf(r, c, people.user, people.shop, people.shopOnline, locale));
  return paginate(data, total, q);
}

/** Throws 429 when a side wrote too much lately: per conversation, and for a shopper over all chats. */
async function checkRate(dbh: DbHandle, c: Conversation | undefined, side: Side, senderId: number): Promise<void> {
  const since = new Date(clock.ms() - MINUTE_MS).toISOString();
  const none = { count: 0, oldest: null };
  const inConversation = c ? await repo.sentInConversationSince(dbh.db, c.id, side, since) : none;
  const overall = side === "user" ? await repo.sentByUserSince(dbh.db, senderId, since) : none;
  // Free again when the oldest message of each full window is a minute old.
  const full = [
    inConversation.count >= CHAT_MESSAGES_PER_MINUTE && inConversation.oldest,
    overall.count >= CHAT_USER_MESSAGES_PER_MINUTE && overall.oldest,
  ].filter((t): t is string => typeof t === "string");
  if (full.length > 0) {
    throw tooManyUntil("You are sending messages too fast.", Math.max(...full.map((t) => Date.parse(t))) + MINUTE_MS);
  }
}

type Sent = { id: number; c: Conversation; now: string; message: string | null; seen: boolean };
type Stored = NonNullable<Awaited<ReturnType<typeof repo.messageByClientId>>>;

/**
 * A message the conversation already holds under the sender's key: the same send again after a
 * lost answer. Another sender's or another text under that key is refused.
 */
function replayed(c: Conversation, stored: Stored, side: Side, senderId: number, message: string | null): Sent {
  if (stored.sender_type !== side || stored.sender_id !== senderId || stored.message !== message) {
    throw fieldError("client_id", "This client_id was already used for another message.");
  }
  return { id: stored.id, c, now: stored.created_at, message: stored.message, seen: stored.seen_at !== null };
}

/**
 * Stores a message (opening the conversation if it is the first) and announces it on the other
 * side's channel, ids only. A message sent again under its client id is answered from what is
 * stored, unannounced and uncounted.
 */
async function post(
  dbh: DbHandle,
  realtime: Realtime,
  pair: { userId: number; shopId: number; conversation?: Conversation | undefined },
  side: Side,
  senderId: number,
  content: { message: string | null; productId: number | null; clientId?: string | undefined },
): Promise<Sent> {
  const { clientId } = content;
  const existing = pair.conversation ?? (await repo.findConversation(dbh.db, pair.userId, pair.shopId));
  const earlier = existing && clientId ? await repo.messageByClientId(dbh.db, existing.id, clientId) : undefined;
  if (existing && earlier) return replayed(existing, earlier, side, senderId, content.message);
  await checkRate(dbh, existing, side, senderId);
  const now = clock.iso();
  const sent = await dbh.db.transaction().execute(async (trx): Promise<Sent & { fresh: boolean }> => {
    const c = existing ?? (await repo.openConversation(trx, pair.userId, pair.shopId, now));
    await repo.lockConversation(trx, c.id, dbh.pg);
    // Under the lock, so two copies of one send racing each other store one message.
    const raced = clientId ? await repo.messageByClientId(trx, c.id, clientId) : undefined;
    if (raced) return { ...replayed(c, raced, side, senderId, content.message), fresh: false };
    const id = await repo.insertMessage(trx, { conversationId: c.id, side, senderId, ...content }, now);
    return { id, c, now, message: content.message, seen: false, fresh: true };
  });
  if (!sent.fresh) return sent;
  const { c, id } = sent;
  const event: ChatEvent = {
    message_id: id,
    conversation_id: c.id,
    user_id: c.user_id,
    shop_id: c.shop_id,
    type: side,
  };
  await (side === "user"
    ? realtime.publish([shopChannel(c.shop_id)], CHAT_EVENT_TO_SHOP, event)
    : realtime.publish([userChannel(c.user_id)], CHAT_EVENT_TO_USER, event));
  return sent;
}

/** A text message just written (or found again under its client id), as its writer's answer. */
function written(sent: Sent, side: Side, people: { user: ChatUser; shop: ChatShop; shopOnline: boolean }): ChatMessage {
  return {
    id: sent.id,
    user_id: sent.c.user_id,
    shop_id: sent.c.shop_id,
    message: sent.message,
    type: side,
    is_seen: sent.seen,
    created_at: sent.now,
    user: people.user,
    shop: people.shop,
    product: null,
    shop_active_status: people.shopOnline,
  };
}

async function peopleOf(dbh: DbHandle, userId: number, shop: ShopRow, locale: string) {
  const u = await userOrFail(dbh, userId);
  return {
    user: { id: u.id, name: shownName(u.name, u.erased_at, locale), profile_photo: u.profile_photo },
    shop: shopOf(shop, locale),
    shopOnline: isOnline(shop.last_online),
    userOnline: isOnline(u.last_online),
  };
}

// ---- the shopper's side --------------------------------------------------------------------

export async function shopList(
  { dbh }: DbDeps,
  userId: number,
  q: PageArgs & { search?: string | undefined },
  locale: string,
): Promise<ChatShopsPage> {
  const [rows, total] = await repo.userConversations(dbh.db, userId, q.search, pageWindow(q));
  const data: ChatShopEntry[] = rows.map((r) => ({
    id: r.id,
    shop: { id: r.shop_id, name: tr({ name: r.shop_name, i18n: r.i18n }, "name", locale), logo: r.shop_logo },
    unread_message_shop: r.user_unread,
    unread_message_user: r.shop_unread,
    last_message: r.last_message ?? null,
    last_message_time: r.last_message_id === null ? null : r.last_message_at,
    shop_active_status: isOnline(r.shop_last_online),
  }));
  return paginate(data, total, q);
}

export async function shopperMessages(
  { dbh }: DbDeps,
  userId: number,
  q: PageArgs & { shop_id: number },
  locale: string,
): Promise<ChatMessagesPage> {
  const shop = await shopOrFail(dbh, q.shop_id);
  const people = await peopleOf(dbh, userId, shop, locale);
  const header = { ...people.shop, shop_active_status: people.shopOnline };
  const c = await repo.findConversation(dbh.db, userId, shop.id);
  // No conversation yet: an empty first page, so the panel opens on a shop never written to.
  if (!c) return { ...paginate([], 0, q), shop: header };
  return { ...(await readPage(dbh, c, "user", q, people, locale)), shop: header };
}

function notOwnShop(shop: ShopRow, userId: number) {
  if (shop.user_id === userId) throw fieldError("shop_id", "You cannot message your own shop.");
}

export async function sendToShop(
  { dbh, realtime }: ChatDeps,
  userId: number,
  body: { shop_id: number; message: string; client_id?: string | undefined },
  locale: string,
): Promise<ChatMessage> {
  const shop = await shopOrFail(dbh, body.shop_id);
  notOwnShop(shop, userId);
  const people = await peopleOf(dbh, userId, shop, locale);
  const pair = { userId, shopId: shop.id };
  const content = { message: body.message, productId: null, clientId: body.client_id };
  return written(await post(dbh, realtime, pair, "user", userId, content), "user", people);
}

/** Opens the conversation with a shop; with a product of that shop, posts its card unless it is already the last message. */
export async function openChat(
  { dbh, realtime }: ChatDeps,
  userId: number,
  body: { shop_id: number; product_id?: number | undefined },
  locale: string,
): Promise<ChatShopEntry> {
  const shop = await shopOrFail(dbh, body.shop_id);
  notOwnShop(shop, userId);
  if (body.product_id !== undefined && !(await repo.productOfShop(dbh.db, body.product_id, shop.id))) {
    throw fieldError("product_id", "The selected product_id is invalid.");
  }
  let c = await repo.openConversation(dbh.db, userId, shop.id, clock.iso());
  if (body.product_id !== undefined) {
    const last = await repo.lastMessage(dbh.db, c.id);
    const repeated = last?.message === null && last.product_id === body.product_id && last.sender_type === "user";
    if (!repeated) {
      await post(dbh, realtime, { userId, shopId: shop.id, conversation: c }, "user", userId, {
        message: null,
        productId: body.product_id,
      });
      c = (await repo.findConversation(dbh.db, userId, shop.id)) ?? c;
    }
  }
  const last = c.last_message_id === null ? undefined : await repo.lastMessage(dbh.db, c.id);
  return {
    id: c.id,
    shop: shopOf(shop, locale),
    unread_message_shop: c.user_unread,
    unread_message_user: c.shop_unread,
    last_message: last?.message ?? null,
    last_message_time: c.last_message_id === null ? null : c.last_message_at,
    shop_active_status: isOnline(shop.last_online),
  };
}

export function shopperUnread({ dbh }: DbDeps, userId: number): Promise<number> {
  return repo.unreadTotal(dbh.db, "user", userId);
}

/** The presence ping: online for the next 10 minutes (the client pings every 10). */
export async function touchLastSeen({ dbh }: DbDeps, userId: number): Promise<string> {
  const until = new Date(clock.ms() + ONLINE_FOR_MS).toISOString();
  await repo.setLastOnline(dbh.db, userId, until);
  return until;
}

// ---- the shop's side -----------------------------------------------------------------------

export async function sellerConversations(
  { dbh }: DbDeps,
  shopId: number,
  q: PageArgs & { search?: string | undefined },
  locale: string,
): Promise<Paginated<SellerConversation>> {
  const [rows, total] = await repo.shopConversations(dbh.db, shopId, q.search, pageWindow(q));
  return paginate(
    rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, name: shownName(r.user_name, r.user_erased_at, locale), profile_photo: r.profile_photo },
      unread_messages: r.shop_unread,
      last_message: r.last_message ?? null,
      last_message_time: r.last_message_at,
      user_active_status: isOnline(r.last_online),
    })),
    total,
    q,
  );
}

/** The shop's conversation with a shopper who has written to it; 404 for anyone else. */
async function sellerConversation(dbh: DbHandle, shopId: number, userId: number) {
  const c = await repo.findConversation(dbh.db, userId, shopId);
  if (!c || c.last_message_id === null) throw notFound("Conversation");
  const shop = await repo.activeShop(dbh.db, shopId);
  if (!shop) throw notFound("Conversation");
  return { c, shop };
}

export async function sellerMessages(
  { dbh }: DbDeps,
  shopId: number,
  userId: number,
  q: PageArgs,
  locale: string,
): Promise<SellerMessagesPage> {
  const { c, shop } = await sellerConversation(dbh, shopId, userId);
  const people = await peopleOf(dbh, userId, shop, locale);
  const page = await readPage(dbh, c, "shop", q, people, locale);
  return { ...page, user: { ...people.user, user_active_status: people.userOnline } };
}

export async function sellerReply(
  { dbh, realtime }: ChatDeps,
  shopId: number,
  sellerId: number,
  userId: number,
  body: { message: string; client_id?: string | undefined },
  locale: string,
): Promise<ChatMessage> {
  const { c, shop } = await sellerConversation(dbh, shopId, userId);
  const people = await peopleOf(dbh, userId, shop, locale);
  const content = { message: body.message, productId: null, clientId: body.client_id };
  return written(
    await post(dbh, realtime, { userId, shopId, conversation: c }, "shop", sellerId, content),
    "shop",
    people,
  );
}

export function sellerUnread({ dbh }: DbDeps, shopId: number): Promise<number> {
  return repo.unreadTotal(dbh.db, "shop", shopId);
}

// ---- realtime ------------------------------------------------------------------------------

/**
 * May this user subscribe to this channel? Their own chat channel, or the chat channel of the shop
 * they act for, by the seller area's rule (a pending or suspended shop's owner gets 403).
 */
export async function mayListen(deps: DbDeps, userId: number, channel: string): Promise<boolean> {
  const user = channel.match(/^private-chat_user_(\d{1,10})$/);
  if (user) return Number(user[1]) === userId;
  const shop = channel.match(/^private-chat_shop_(\d{1,10})$/);
  if (shop) return Number(shop[1]) === (await activeShopIdOf(deps, userId));
  return false;
}
