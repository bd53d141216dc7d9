import type { Kysely } from "kysely";
import { contains, countRows, countSince } from "../../db/queries.ts";
import type { Database } from "../../db/schema.ts";
import type { PageWindow } from "../../lib/paging.ts";

// All chat SQL. Functions take the Kysely instance or a transaction first.
type Q = Kysely<Database>;
type Side = "user" | "shop";

export function activeShop(db: Q, shopId: number) {
  return db
    .selectFrom("shops")
    .select(["id", "user_id", "name", "logo", "i18n", "last_online"])
    .where("id", "=", shopId)
    .where("status", "=", "active")
    .executeTakeFirst();
}

export function userBrief(db: Q, userId: number) {
  return db
    .selectFrom("users")
    .select(["id", "name", "erased_at", "profile_photo", "last_online"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export function findConversation(db: Q, userId: number, shopId: number) {
  return db
    .selectFrom("chat_conversations")
    .selectAll()
    .where("user_id", "=", userId)
    .where("shop_id", "=", shopId)
    .executeTakeFirst();
}

/** The conversation of the pair, created when missing (a parallel creation is absorbed by the unique pair). */
export async function openConversation(db: Q, userId: number, shopId: number, now: string) {
  await db
    .insertInto("chat_conversations")
    .values({ user_id: userId, shop_id: shopId, last_message_at: now, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "shop_id"]).doNothing())
    .execute();
  return (await findConversation(db, userId, shopId)) as NonNullable<Awaited<ReturnType<typeof findConversation>>>;
}

/** Serialises writes to one conversation on PostgreSQL (SQLite transactions never interleave). */
export async function lockConversation(trx: Q, id: number, pg: boolean): Promise<void> {
  if (pg) await trx.selectFrom("chat_conversations").select("id").where("id", "=", id).forUpdate().execute();
}

/** Messages written by `side` in a conversation since `since`. */
export function sentInConversationSince(db: Q, conversationId: number, side: Side, since: string) {
  return countSince(
    db
      .selectFrom("chat_messages")
      .where("conversation_id", "=", conversationId)
      .where("sender_type", "=", side)
      .where("created_at", ">", since),
  );
}

/** Messages a shopper wrote (over all conversations) since `since`. */
export function sentByUserSince(db: Q, userId: number, since: string) {
  return countSince(
    db
      .selectFrom("chat_messages")
      .where("sender_id", "=", userId)
      .where("sender_type", "=", "user")
      .where("created_at", ">", since),
  );
}

/** The message a conversation already holds under the sender's key, if any. */
export function messageByClientId(db: Q, conversationId: number, clientId: string) {
  return db
    .selectFrom("chat_messages")
    .select(["id", "sender_type", "sender_id", "message", "seen_at", "created_at"])
    .where("conversation_id", "=", conversationId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
}

export async function insertMessage(
  trx: Q,
  m: {
    conversationId: number;
    side: Side;
    senderId: number;
    message: string | null;
    productId: number | null;
    clientId?: string | undefined;
  },
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto("chat_messages")
    .values({
      conversation_id: m.conversationId,
      sender_type: m.side,
      sender_id: m.senderId,
      message: m.message,
      product_id: m.productId,
      created_at: now,
      client_id: m.clientId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The other side has one more unread message.
  await trx
    .updateTable("chat_conversations")
    .set((e) => ({
      last_message_id: row.id,
      last_message_at: now,
      ...(m.side === "user" ? { shop_unread: e("shop_unread", "+", 1) } : { user_unread: e("user_unread", "+", 1) }),
    }))
    .where("id", "=", m.conversationId)
    .execute();
  return Number(row.id);
}

export function lastMessage(db: Q, conversationId: number) {
  return db
    .selectFrom("chat_messages")
    .select(["id", "message", "product_id", "sender_type"])
    .where("conversation_id", "=", conversationId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function countMessages(db: Q, conversationId: number) {
  return countRows(db.selectFrom("chat_messages").where("conversation_id", "=", conversationId));
}

function messages(db: Q, conversationId: number) {
  return db
    .selectFrom("chat_messages as m")
    .leftJoin("products as p", "p.id", "m.product_id")
    .select([
      "m.id",
      "m.sender_type",
      "m.message",
      "m.seen_at",
      "m.created_at",
      "p.id as product_id",
      "p.name as product_name",
      "p.slug as product_slug",
      "p.thumbnail as product_thumbnail",
      "p.price as product_price",
      "p.discount_price as product_discount_price",
      "p.rating as product_rating",
      "p.total_reviews as product_total_reviews",
      "p.i18n as product_i18n",
    ])
    .where("m.conversation_id", "=", conversationId);
}

/** One page of a conversation, newest first (the caller shows them oldest first). */
export function messagePage(db: Q, conversationId: number, page: PageWindow) {
  return messages(db, conversationId).orderBy("m.id", "desc").limit(page.limit).offset(page.offset).execute();
}
export type MessageRow = Awaited<ReturnType<typeof messagePage>>[number];

/**
 * Marks the messages `writer` wrote up to `upToId` as seen by the other side, and takes them off
 * that side's unread count. Only rows still unseen count, so a repeated or parallel read changes nothing.
 */
export async function markSeen(trx: Q, conversationId: number, writer: Side, upToId: number, now: string) {
  const res = await trx
    .updateTable("chat_messages")
    .set({ seen_at: now })
    .where("conversation_id", "=", conversationId)
    .where("sender_type", "=", writer)
    .where("id", "<=", upToId)
    .where("seen_at", "is", null)
    .executeTakeFirst();
  const n = Number(res.numUpdatedRows);
  if (n > 0) {
    const column = writer === "shop" ? "user_unread" : "shop_unread";
    await trx
      .updateTable("chat_conversations")
      .set((e) => ({ [column]: e(column, "-", n) }))
      .where("id", "=", conversationId)
      .execute();
  }
  return n;
}

/** The shopper's conversations, newest activity first, with the shop and the last message. */
export function userConversations(db: Q, userId: number, search: string | undefined, page: PageWindow) {
  let q = db
    .selectFrom("chat_conversations as c")
    .innerJoin("shops as s", "s.id", "c.shop_id")
    .where("c.user_id", "=", userId);
  if (search) q = q.where(contains("s.name", search));
  return Promise.all([
    q
      .leftJoin("chat_messages as m", "m.id", "c.last_message_id")
      .select([
        "c.id",
        "c.user_unread",
        "c.shop_unread",
        "c.last_message_at",
        "c.last_message_id",
        "m.message as last_message",
        "s.id as shop_id",
        "s.name as shop_name",
        "s.logo as shop_logo",
        "s.i18n as i18n",
        "s.last_online as shop_last_online",
      ])
      .orderBy("c.last_message_at", "desc")
      .orderBy("c.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(q),
  ]);
}

/** The shop's conversations, newest activity first, with the shopper and the last message. */
export function shopConversations(db: Q, shopId: number, search: string | undefined, page: PageWindow) {
  let q = db
    .selectFrom("chat_conversations as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .where("c.shop_id", "=", shopId)
    // A conversation opened without a message yet is the shopper's business only.
    .where("c.last_message_id", "is not", null);
  if (search) q = q.where(contains("u.name", search));
  return Promise.all([
    q
      .leftJoin("chat_messages as m", "m.id", "c.last_message_id")
      .select([
        "c.id",
        "c.shop_unread",
        "c.last_message_at",
        "c.last_message_id",
        "m.message as last_message",
        "u.id as user_id",
        "u.name as user_name",
        "u.erased_at as user_erased_at",
        "u.profile_photo",
        "u.last_online",
      ])
      .orderBy("c.last_message_at", "desc")
      .orderBy("c.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countRows(q),
  ]);
}

/** Unread messages over all conversations of a user (shop messages) or of a shop (user messages). */
export function unreadTotal(db: Q, side: "user" | "shop", id: number) {
  const q = db.selectFrom("chat_conversations");
  return (
    side === "user"
      ? q.select((e) => e.fn.sum<number | string | null>("user_unread").as("n")).where("user_id", "=", id)
      : q.select((e) => e.fn.sum<number | string | null>("shop_unread").as("n")).where("shop_id", "=", id)
  )
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n ?? 0));
}

/** Online until `until`: the user, and the shop they own if any (its chat shows Online). */
export async function setLastOnline(db: Q, userId: number, until: string) {
  await db.updateTable("users").set({ last_online: until }).where("id", "=", userId).execute();
  await db.updateTable("shops").set({ last_online: until }).where("user_id", "=", userId).execute();
}

export function productOfShop(db: Q, productId: number, shopId: number) {
  return db
    .selectFrom("products")
    .select("id")
    .where("id", "=", productId)
    .where("shop_id", "=", shopId)
    .where("is_active", "=", 1)
    .executeTakeFirst();
}
