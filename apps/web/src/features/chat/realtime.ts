import type { ChatEvent, Master, NotificationEvent } from "@market/contract";
import {
  API_BASE,
  CHAT_EVENT_TO_SHOP,
  CHAT_EVENT_TO_USER,
  NOTIFICATION_EVENT,
  shopChannel,
  userChannel,
} from "@market/contract";
import type { QueryClient } from "@tanstack/react-query";
import Pusher from "pusher-js";
import { useChatStore } from "./chat-store.ts";
import { chatKeys } from "./queries.ts";

/** The messages page; there the list shows each shop's unread badge, so the count is left alone. */
export const MESSAGES_PATH = "/massages";

/** pusher-js announces each (re)subscription, on the first connection and after every reconnection. */
const JOINED = "pusher:subscription_succeeded";

/**
 * What a channel would have said before it was joined (the page was still connecting) or while it
 * was away (a lost connection) is read again: the bell, then the chats and at last their unread
 * counts, as reading an open conversation marks its messages seen.
 */
async function caughtUp(queryClient: QueryClient, to: "user" | "shop") {
  useChatStore.setState(({ joins }) => ({ joins: { ...joins, [to]: joins[to] + 1 } }));
  const [chats, count] =
    to === "user"
      ? [[chatKeys.messages, chatKeys.shops], chatKeys.unread]
      : [[chatKeys.sellerMessages, chatKeys.sellerConversations], chatKeys.sellerUnread];
  await Promise.all(chats.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  await queryClient.invalidateQueries({ queryKey: count });
}

type Connection = {
  master: Pick<Master, "pusher_app_key" | "pusher_app_cluster" | "pusher_host" | "pusher_port" | "pusher_scheme">;
  token: string;
  userId: number;
  /** the seller's shop, whose channel brings shoppers' messages to the seller's inbox */
  shopId?: number | null;
  queryClient: QueryClient;
  /** the current path, read when an event arrives */
  path?: () => string;
};

/**
 * Subscribes to the user's private chat channel (and the shop's, for a seller) with the user's
 * token. Events carry ids only, so each one refetches what it touches. Answers the disconnect.
 */
export function connectChat({
  master,
  token,
  userId,
  shopId,
  queryClient,
  path = () => location.pathname,
}: Connection): () => void {
  const tls = master.pusher_scheme === "https";
  const pusher = new Pusher(master.pusher_app_key, {
    cluster: master.pusher_app_cluster,
    wsHost: master.pusher_host,
    wsPort: master.pusher_port,
    wssPort: master.pusher_port,
    forceTLS: tls,
    enabledTransports: tls ? ["wss"] : ["ws"],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${API_BASE}/broadcasting/auth`,
      transport: "ajax",
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
    },
  });

  // The same private channels carry order notifications: they go to the store for the bell.
  const mine = pusher.subscribe(userChannel(userId));
  mine.bind(JOINED, () => caughtUp(queryClient, "user"));
  mine.bind(NOTIFICATION_EVENT, (event: NotificationEvent) =>
    useChatStore.setState({ lastNotification: { ...event, to: "user" } }),
  );
  mine.bind(CHAT_EVENT_TO_USER, async (event: ChatEvent) => {
    // Refetching the open conversation marks its messages seen, so the counts are read after it.
    await queryClient.invalidateQueries({ queryKey: chatKeys.shopMessages(event.shop_id) });
    await queryClient.invalidateQueries({ queryKey: chatKeys.shops });
    if (path() !== MESSAGES_PATH) await queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  });

  if (shopId) {
    const shop = pusher.subscribe(shopChannel(shopId));
    shop.bind(JOINED, () => caughtUp(queryClient, "shop"));
    shop.bind(NOTIFICATION_EVENT, (event: NotificationEvent) =>
      useChatStore.setState({ lastNotification: { ...event, to: "shop" } }),
    );
    shop.bind(CHAT_EVENT_TO_SHOP, async (event: ChatEvent) => {
      useChatStore.setState({ lastShopMessage: event });
      await queryClient.invalidateQueries({ queryKey: chatKeys.sellerUserMessages(event.user_id) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.sellerConversations });
      await queryClient.invalidateQueries({ queryKey: chatKeys.sellerUnread });
    });
  }

  return () => pusher.disconnect();
}
