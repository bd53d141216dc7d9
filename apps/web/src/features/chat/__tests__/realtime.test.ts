import { CHAT_EVENT_TO_SHOP, CHAT_EVENT_TO_USER, type ChatEvent } from "@market/contract";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useChatStore } from "../chat-store.ts";
import { chatKeys } from "../queries.ts";

// The socket itself is exercised end to end (e2e/tests/chat.spec.ts); here pusher-js is replaced
// by a stand-in that records what is subscribed, to check what each event refreshes.
const handlers = new Map<string, (e: ChatEvent) => Promise<void>>();
const created: Array<{ key: string; options: Record<string, unknown> }> = [];
vi.mock("pusher-js", () => ({
  default: class {
    constructor(key: string, options: Record<string, unknown>) {
      created.push({ key, options });
    }
    subscribe(channel: string) {
      return { bind: (event: string, fn: (e: ChatEvent) => Promise<void>) => handlers.set(`${channel} ${event}`, fn) };
    }
    disconnect() {}
  },
}));

const { connectChat } = await import("../realtime.ts");
const master = {
  pusher_app_key: "key",
  pusher_app_cluster: "mt1",
  pusher_host: "chat.test",
  pusher_port: 443,
  pusher_scheme: "https" as const,
};
const event: ChatEvent = { message_id: 9, conversation_id: 4, user_id: 7, shop_id: 3, type: "shop" };

function setUp(path: string) {
  const queryClient = new QueryClient();
  const refreshed: string[] = [];
  vi.spyOn(queryClient, "invalidateQueries").mockImplementation(async (filters) => {
    refreshed.push(JSON.stringify(filters?.queryKey));
  });
  connectChat({ master, token: "tok", userId: 7, shopId: 3, queryClient, path: () => path });
  return refreshed;
}

afterEach(() => {
  handlers.clear();
  created.length = 0;
});

describe("realtime chat events", () => {
  it("authorises private channels with the bearer token at the configured host", () => {
    setUp("/");
    expect(created[0]?.key).toBe("key");
    expect(created[0]?.options).toMatchObject({
      wsHost: "chat.test",
      wssPort: 443,
      forceTLS: true,
      channelAuthorization: { endpoint: "/api/broadcasting/auth", headers: { Authorization: "Bearer tok" } },
    });
    // The same channels carry the notification bell's events.
    expect([...handlers.keys()].sort()).toEqual(
      [
        `private-chat_user_7 ${CHAT_EVENT_TO_USER}`,
        "private-chat_user_7 notification",
        "private-chat_user_7 pusher:subscription_succeeded",
        `private-chat_shop_3 ${CHAT_EVENT_TO_SHOP}`,
        "private-chat_shop_3 notification",
        "private-chat_shop_3 pusher:subscription_succeeded",
      ].sort(),
    );
  });

  it("off /massages refetches the conversation, the list and then the unread count", async () => {
    const refreshed = setUp("/shops/3");
    await handlers.get(`private-chat_user_7 ${CHAT_EVENT_TO_USER}`)?.(event);
    expect(refreshed).toEqual(
      [chatKeys.shopMessages(3), chatKeys.shops, chatKeys.unread].map((k) => JSON.stringify(k)),
    );
  });

  it("on /massages leaves the unread count alone", async () => {
    const refreshed = setUp("/massages");
    await handlers.get(`private-chat_user_7 ${CHAT_EVENT_TO_USER}`)?.(event);
    expect(refreshed).toEqual([chatKeys.shopMessages(3), chatKeys.shops].map((k) => JSON.stringify(k)));
  });

  it("brings a shopper's message to the seller's inbox", async () => {
    const refreshed = setUp("/seller/messages");
    await handlers.get(`private-chat_shop_3 ${CHAT_EVENT_TO_SHOP}`)?.({ ...event, type: "user" });
    expect(refreshed).toEqual(
      [chatKeys.sellerUserMessages(7), chatKeys.sellerConversations, chatKeys.sellerUnread].map((k) =>
        JSON.stringify(k),
      ),
    );
  });

  it("on each join of a channel, reads its chats again, then their unread count, and tells the bell", async () => {
    const refreshed = setUp("/");
    const before = useChatStore.getState().joins;
    await handlers.get("private-chat_user_7 pusher:subscription_succeeded")?.(event);
    expect(refreshed).toEqual([chatKeys.messages, chatKeys.shops, chatKeys.unread].map((k) => JSON.stringify(k)));
    expect(useChatStore.getState().joins).toEqual({ user: before.user + 1, shop: before.shop });

    refreshed.length = 0;
    await handlers.get("private-chat_shop_3 pusher:subscription_succeeded")?.(event);
    expect(refreshed).toEqual(
      [chatKeys.sellerMessages, chatKeys.sellerConversations, chatKeys.sellerUnread].map((k) => JSON.stringify(k)),
    );
    expect(useChatStore.getState().joins).toEqual({ user: before.user + 1, shop: before.shop + 1 });
  });
});
