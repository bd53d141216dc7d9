import {
  CHAT_CLIENT_ID_MAX,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_USER_MESSAGES_PER_MINUTE,
  chatMessage,
  chatMessagesPage,
  chatShopEntry,
  chatShopsPage,
  envelope,
  lastSeenData,
  sellerConversationsPage,
  sellerMessagesPage,
} from "@market/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock } from "../src/lib/clock.ts";
import * as repo from "../src/modules/chat/chat.repository.ts";
import { api, newShoppers } from "./cart-helpers.ts";
import { sellerOf } from "./chat-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";

const CLIENT_ID_FORMAT = `The client_id field must be 1 to ${CHAT_CLIENT_ID_MAX} letters, digits, - or _.`;

describe.each(dbKinds)("chat API on %s", (kind) => {
  let t: TestApp;
  const http = api(() => t.app);
  let now = Date.now();
  /** Steps the server's clock past the one-minute send window. */
  const nextMinute = () => {
    now += 61_000;
    clock.set(() => now);
  };

  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterEach(() => {
    now = Date.now();
    clock.reset();
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = async () => (await newShoppers(t.dbh, 1))[0] as { id: number; token: string };
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    return (r.body as { data: unknown }).data;
  };
  const send = (token: string, shop_id: number, message: string, client_id?: string) =>
    http.post("/api/send-message", { shop_id, message, type: "user", client_id }, token);
  const reply = (token: string, userId: number, message: string, client_id?: string) =>
    http.post(`/api/seller/conversations/${userId}/messages`, { message, client_id }, token);
  const messages = async (token: string, shopId: number, query = "") =>
    chatMessagesPage.parse(await ok(http.get(`/api/get-message?shop_id=${shopId}${query}`, token)));
  const shops = async (token: string, query = "") =>
    chatShopsPage.parse(await ok(http.get(`/api/get-shops${query}`, token)));
  const unread = async (token: string) =>
    ((await ok(http.get("/api/unread-messages", token))) as { unread_messages: number }).unread_messages;
  const sellerUnread = async (token: string) =>
    ((await ok(http.get("/api/seller/unread-messages", token))) as { unread_messages: number }).unread_messages;
  const conversations = async (token: string, query = "") =>
    sellerConversationsPage.parse(await ok(http.get(`/api/seller/conversations${query}`, token)));
  const sellerRead = async (token: string, userId: number, query = "") =>
    sellerMessagesPage.parse(await ok(http.get(`/api/seller/conversations/${userId}/messages${query}`, token)));

  it("needs a signed-in user, and a seller for the inbox", async () => {
    for (const url of ["/api/get-shops", "/api/get-message?shop_id=1", "/api/unread-messages"]) {
      expect((await http.get(url)).status).toBe(401);
    }
    expect((await http.post("/api/send-message", { shop_id: 1, message: "hi" })).status).toBe(401);
    expect((await http.post("/api/update-last-seen", {})).status).toBe(401);
    const me = await shopper();
    expect((await http.get("/api/seller/conversations", me.token)).status).toBe(403);
    expect((await reply(me.token, me.id, "hi")).status).toBe(403);
  });

  it("carries a message to the shop, and the reply back, with unread counts rising and clearing", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 0);

    const sent = chatMessage.parse(await ok(send(me.token, seller.shopId, "  Is the red one in stock?  ")));
    expect(sent).toMatchObject({
      message: "Is the red one in stock?",
      type: "user",
      is_seen: false,
      user: { id: me.id },
      shop: { id: seller.shopId },
      product: null,
      shop_active_status: false,
    });

    // The shop sees one unread conversation.
    expect(await ok(http.get("/api/seller/unread-messages", seller.token))).toEqual({
      unread_messages: 1,
      shop_id: seller.shopId,
    });
    const inbox = await conversations(seller.token);
    expect(inbox.data[0]).toMatchObject({
      user: { id: me.id },
      unread_messages: 1,
      last_message: "Is the red one in stock?",
    });
    const shopView = await sellerRead(seller.token, me.id);
    expect(shopView.data.map((m) => m.message)).toEqual(["Is the red one in stock?"]);
    expect(await sellerUnread(seller.token)).toBe(0);
    expect((await shops(me.token)).data[0]).toMatchObject({ unread_message_user: 0, unread_message_shop: 0 });
    expect((await messages(me.token, seller.shopId)).data[0]?.is_seen).toBe(true);

    // The reply raises the shopper's count until they open the conversation.
    chatMessage.parse(await ok(reply(seller.token, me.id, "Yes, two left")));
    expect(await unread(me.token)).toBe(1);
    const entry = (await shops(me.token)).data[0];
    expect(entry).toMatchObject({
      shop: { id: seller.shopId },
      unread_message_shop: 1,
      unread_message_user: 0,
      last_message: "Yes, two left",
    });
    expect(entry?.last_message_time).toEqual(expect.any(String));
    const page = await messages(me.token, seller.shopId);
    expect(page.data.map((m) => [m.type, m.message])).toEqual([
      ["user", "Is the red one in stock?"],
      ["shop", "Yes, two left"],
    ]);
    expect(await unread(me.token)).toBe(0);
    // The source passes user_id; the token decides whose count it is.
    expect((await ok(http.get(`/api/unread-messages?user_id=${seller.ownerId}`, me.token))) as object).toEqual({
      unread_messages: 0,
    });
  });

  it("pages newest first, oldest first within a page; opening marks the conversation seen up to its newest", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 1);
    await ok(send(me.token, seller.shopId, "hello"));
    for (let i = 1; i <= 25; i++) {
      if (i % CHAT_MESSAGES_PER_MINUTE === 0) nextMinute();
      await ok(reply(seller.token, me.id, `m${i}`));
    }
    expect(await unread(me.token)).toBe(25);

    const first = await messages(me.token, seller.shopId);
    expect(first).toMatchObject({ total: 26, per_page: 20, current_page: 1, last_page: 2 });
    expect(first.data.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    // The five older replies on page 2 were seen too: the badge is not left at 5 after opening.
    expect(await unread(me.token)).toBe(0);
    expect((await shops(me.token)).data[0]).toMatchObject({ unread_message_shop: 0 });
    expect((await sellerRead(seller.token, me.id)).data.filter((m) => m.type === "shop").every((m) => m.is_seen)).toBe(
      true,
    );

    const second = await messages(me.token, seller.shopId, "&page=2");
    expect(second.data.map((m) => m.message)).toEqual(["hello", "m1", "m2", "m3", "m4", "m5"]);
    expect(await unread(me.token)).toBe(0);
    // A reply after the read is unread, and the next read clears it.
    await ok(reply(seller.token, me.id, "m26"));
    expect(await unread(me.token)).toBe(1);
    await messages(me.token, seller.shopId);
    expect(await unread(me.token)).toBe(0);
    expect((await messages(me.token, seller.shopId, "&page=3")).data).toEqual([]);
    expect((await messages(me.token, seller.shopId, "&per_page=5")).data).toHaveLength(5);
    expect((await http.get(`/api/get-message?shop_id=${seller.shopId}&per_page=500`, me.token)).status).toBe(422);
    expect((await sellerRead(seller.token, me.id, "?per_page=10")).last_page).toBe(3);
  });

  it("lists the shopper's conversations newest first and searches them by shop name", async () => {
    const me = await shopper();
    const a = await sellerOf(t.dbh, 2);
    const b = await sellerOf(t.dbh, 3);
    await ok(send(me.token, a.shopId, "first"));
    nextMinute();
    await ok(send(me.token, b.shopId, "second"));
    const list = await shops(me.token);
    expect(list.data.map((e) => e.shop.id)).toEqual([b.shopId, a.shopId]);
    expect(list.total).toBe(2);
    const name = list.data[1]?.shop.name as string;
    const found = await shops(me.token, `?search=${encodeURIComponent(name.slice(1, 5).toUpperCase())}`);
    expect(found.data.map((e) => e.shop.id)).toContain(a.shopId);
    expect((await shops(me.token, "?search=%25%25")).data).toEqual([]);
    expect((await shops(me.token, "?per_page=1&page=2")).data.map((e) => e.shop.id)).toEqual([a.shopId]);
    expect((await http.get(`/api/get-shops?search=${"x".repeat(101)}`, me.token)).status).toBe(422);
  });

  it("lets only the two parties read a conversation", async () => {
    const [me, stranger] = [await shopper(), await shopper()];
    const seller = await sellerOf(t.dbh, 4);
    const otherSeller = await sellerOf(t.dbh, 5);
    await ok(send(me.token, seller.shopId, "private note"));

    // Another shopper asking for the same shop sees only their own (empty) conversation.
    expect((await messages(stranger.token, seller.shopId)).data).toEqual([]);
    expect((await shops(stranger.token)).data).toEqual([]);
    // Another shop's owner cannot read, list or answer it.
    expect((await http.get(`/api/seller/conversations/${me.id}/messages`, otherSeller.token)).status).toBe(404);
    expect((await reply(otherSeller.token, me.id, "hi")).status).toBe(404);
    expect((await conversations(otherSeller.token)).data.some((c) => c.user.id === me.id)).toBe(false);
    // The shop cannot start a conversation with a shopper who never wrote.
    expect((await reply(seller.token, stranger.id, "buy now!")).status).toBe(404);
    expect((await http.get(`/api/get-message?shop_id=999999`, me.token)).status).toBe(404);
  });

  it("bounds the message: trimmed, 1 to 2000 characters, nothing stored otherwise", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 6);
    for (const [body, message] of [
      [{ shop_id: seller.shopId, message: "   " }, "The message field is required."],
      [{ shop_id: seller.shopId, message: "\u200b\u200f " }, "The message field is required."],
      [{ shop_id: seller.shopId, message: "hi\u0000" }, "The message field must not contain control characters."],
      [{ shop_id: seller.shopId, message: "hi", evil: 1 }, "The evil field is not allowed."],
      [{ shop_id: seller.shopId }, "The message field is required."],
      [
        { shop_id: seller.shopId, message: "x".repeat(CHAT_MESSAGE_MAX + 1) },
        "The message field must not be greater than 2000 characters.",
      ],
      [{ message: "hi" }, "The shop_id field is required."],
      [{ shop_id: "abc", message: "hi" }, "The shop_id field must be a number."],
      [{ shop_id: seller.shopId, message: "hi", client_id: "a b" }, CLIENT_ID_FORMAT],
      [{ shop_id: seller.shopId, message: "hi", client_id: "k".repeat(CHAT_CLIENT_ID_MAX + 1) }, CLIENT_ID_FORMAT],
      [{ shop_id: seller.shopId, message: "hi", client_id: 7 }, "The client_id field must be a string."],
    ] as const) {
      const res = await http.post("/api/send-message", body, me.token);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(message);
    }
    expect((await shops(me.token)).data).toEqual([]);
    expect((await send(me.token, 999_999, "hi")).status).toBe(404);
    const long = chatMessage.parse(await ok(send(me.token, seller.shopId, "y".repeat(CHAT_MESSAGE_MAX))));
    expect(long.message).toHaveLength(CHAT_MESSAGE_MAX);
    expect((await reply(seller.token, me.id, " ")).status).toBe(422);
    // A seller cannot chat with their own shop as a shopper.
    expect((await send(seller.token, seller.shopId, "me?")).status).toBe(422);
  });

  it("stores a message sent again under its client id once, and answers with it", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 5);
    const first = chatMessage.parse(await ok(send(me.token, seller.shopId, "Does it fit?", "lost-answer-1")));
    // The same send after a lost answer, and five copies racing each other (PostgreSQL runs them at once).
    const again = chatMessage.parse(await ok(send(me.token, seller.shopId, "Does it fit?", "lost-answer-1")));
    expect(again).toMatchObject({ id: first.id, message: "Does it fit?", created_at: first.created_at });
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => send(me.token, seller.shopId, "And in blue?", "lost-answer-2")),
    );
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(racing.map((r) => (r.body as { data: { id: number } }).data.id)).size).toBe(1);
    expect((await sellerRead(seller.token, me.id)).data.map((m) => m.message)).toEqual([
      "Does it fit?",
      "And in blue?",
    ]);
    // The shop's unread count rises once per message, not per copy.
    const before = await sellerUnread(seller.token);
    for (let i = 0; i < 2; i++) await ok(send(me.token, seller.shopId, "Thanks", "lost-answer-3"));
    expect(await sellerUnread(seller.token)).toBe(before + 1);

    // The shop's reply under its own key, sent twice, arrives once; the shopper's count rises once.
    const answer = chatMessage.parse(await ok(reply(seller.token, me.id, "Yes", "reply-1")));
    expect(chatMessage.parse(await ok(reply(seller.token, me.id, "Yes", "reply-1"))).id).toBe(answer.id);
    expect(await unread(me.token)).toBe(1);

    // A key is one message: another text, or the other side, under it is refused and stores nothing.
    for (const res of [
      await send(me.token, seller.shopId, "Something else", "lost-answer-1"),
      await reply(seller.token, me.id, "Does it fit?", "lost-answer-1"),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("This client_id was already used for another message.");
    }
    expect((await messages(me.token, seller.shopId)).total).toBe(4);
  });

  it("answers a message sent again at the limit, since it was counted when first stored", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 4);
    clock.set(() => now);
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await ok(send(me.token, seller.shopId, `n${i}`, `key-${i}`));
    const last = `n${CHAT_MESSAGES_PER_MINUTE - 1}`;
    const again = await send(me.token, seller.shopId, last, `key-${CHAT_MESSAGES_PER_MINUTE - 1}`);
    expect(again.status).toBe(200);
    expect((again.body as { data: { message: string } }).data.message).toBe(last);
    expect((await send(me.token, seller.shopId, "new", "key-new")).status).toBe(429);
  });

  it("rate-limits sending per conversation and per shopper", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 7);
    clock.set(() => now);
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await ok(send(me.token, seller.shopId, `n${i}`));
    const limited = await send(me.token, seller.shopId, "one too many");
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("You are sending messages too fast. Please try again in 60 seconds.");
    expect(limited.headers["retry-after"]).toBe("60");
    clock.set(() => now + 45_000);
    const later = await send(me.token, seller.shopId, "still too many");
    expect(later.body.message).toBe("You are sending messages too fast. Please try again in 15 seconds.");
    expect(later.headers["retry-after"]).toBe("15");
    expect((await messages(me.token, seller.shopId)).total).toBe(CHAT_MESSAGES_PER_MINUTE);
    nextMinute();
    await ok(send(me.token, seller.shopId, "after a minute"));

    // Over all shops a shopper may send 60 a minute: 60 written just now, the next one is refused.
    const spammer = await shopper();
    const shopIds = (await t.dbh.db.selectFrom("shops").select("id").where("status", "=", "active").execute()).map(
      (s) => s.id,
    );
    const at = clock.iso();
    for (let i = 0; i < CHAT_USER_MESSAGES_PER_MINUTE; i++) {
      const c = await repo.openConversation(t.dbh.db, spammer.id, shopIds[i % 4] as number, at);
      await repo.insertMessage(
        t.dbh.db,
        { conversationId: c.id, side: "user", senderId: spammer.id, message: "buy", productId: null },
        at,
      );
    }
    const refused = await send(spammer.token, shopIds[5] as number, "more");
    expect(refused.status).toBe(429);
    expect((await shops(spammer.token)).total).toBe(4);
    nextMinute();
    await ok(send(spammer.token, shopIds[5] as number, "later"));
  });

  it("opens a chat from the cart or a product, with one product card per product", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 0);
    const opened = chatShopEntry.parse(
      await ok(http.post("/api/store-message", { shop_id: seller.shopId, user_id: me.id, type: "user" }, me.token)),
    );
    expect(opened).toMatchObject({ shop: { id: seller.shopId }, last_message: null, last_message_time: null });
    expect((await shops(me.token)).data.map((e) => e.shop.id)).toEqual([seller.shopId]);
    // A conversation without messages is not in the shop's inbox yet.
    expect((await conversations(seller.token)).data.some((c) => c.user.id === me.id)).toBe(false);

    const product = await t.dbh.db
      .selectFrom("products")
      .select(["id", "name"])
      .where("shop_id", "=", seller.shopId)
      .where("is_active", "=", 1)
      .executeTakeFirstOrThrow();
    await ok(http.post("/api/store-message", { shop_id: seller.shopId, product_id: product.id }, me.token));
    await ok(http.post("/api/store-message", { shop_id: seller.shopId, product_id: product.id }, me.token));
    const page = await messages(me.token, seller.shopId);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      message: null,
      type: "user",
      product: { id: product.id, name: product.name },
    });
    expect(page.data[0]?.product?.price).toEqual(expect.any(Number));
    expect((await conversations(seller.token)).data.find((c) => c.user.id === me.id)).toMatchObject({
      unread_messages: 1,
      last_message: null,
    });

    const foreign = await t.dbh.db
      .selectFrom("products")
      .select("id")
      .where("shop_id", "!=", seller.shopId)
      .executeTakeFirstOrThrow();
    const wrong = await http.post("/api/store-message", { shop_id: seller.shopId, product_id: foreign.id }, me.token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ product_id: ["The selected product_id is invalid."] });
    expect((await http.post("/api/store-message", { shop_id: 999_999 }, me.token)).status).toBe(404);
  });

  it("keeps a shop online for 10 minutes after its owner's last-seen ping", async () => {
    const me = await shopper();
    const seller = await sellerOf(t.dbh, 1);
    await ok(send(me.token, seller.shopId, "anyone there?"));
    expect((await messages(me.token, seller.shopId)).shop.shop_active_status).toBe(false);

    // The storefront posts it with a JSON content type and an empty body.
    const ping = await t.app.inject({
      method: "POST",
      url: "/api/update-last-seen",
      headers: {
        authorization: `Bearer ${seller.token}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      payload: "",
    });
    expect(ping.statusCode, ping.body).toBe(200);
    const { last_online } = envelope(lastSeenData).parse(ping.json()).data;
    expect(Date.parse(last_online) - Date.now()).toBeGreaterThan(9 * 60_000);

    const page = await messages(me.token, seller.shopId);
    expect(page.shop.shop_active_status).toBe(true);
    expect(page.data[0]?.shop_active_status).toBe(true);
    expect((await shops(me.token)).data[0]?.shop_active_status).toBe(true);
    const u = await sellerRead(seller.token, me.id);
    expect(u.user.user_active_status).toBe(false);
    await ok(http.post("/api/update-last-seen", {}, me.token));
    expect((await sellerRead(seller.token, me.id)).user.user_active_status).toBe(true);

    now = Date.now() + 11 * 60_000;
    clock.set(() => now);
    expect((await messages(me.token, seller.shopId)).shop.shop_active_status).toBe(false);
  });
});
