import { CHAT_PAGE_SIZE, SHOP_LIST_PAGE_SIZE } from "@market/contract";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../api/client.ts";
import { useAuthStore } from "../auth/auth-store.ts";

// The chat's server state. Keys start with "chat" so a realtime event or a logout can reach them all.
export const chatKeys = {
  all: ["chat"] as const,
  unread: ["chat", "unread"] as const,
  shops: ["chat", "shops"] as const,
  shopList: (search: string) => ["chat", "shops", search] as const,
  messages: ["chat", "messages"] as const,
  shopMessages: (shopId: number) => ["chat", "messages", shopId] as const,
  seller: ["chat", "seller"] as const,
  sellerUnread: ["chat", "seller", "unread"] as const,
  sellerConversations: ["chat", "seller", "conversations"] as const,
  sellerConversationList: (search: string) => ["chat", "seller", "conversations", search] as const,
  sellerMessages: ["chat", "seller", "messages"] as const,
  sellerUserMessages: (userId: number) => ["chat", "seller", "messages", userId] as const,
};

/** Page n+1 while there is one: page 1 is the newest (messages) or the most recent (lists). */
const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page ? last.current_page + 1 : undefined;

export const unreadQuery = queryOptions({
  queryKey: chatKeys.unread,
  queryFn: ({ signal }) =>
    call("GET /unread-messages", { query: { user_id: useAuthStore.getState().user?.id } }, { signal }).then(
      (d) => d.unread_messages,
    ),
  staleTime: 30_000,
});

/** The shopper's unread message count (sidebar and navbar badges); 0 for a visitor. */
export function useUnreadMessages() {
  const token = useAuthStore((s) => s.token);
  const { data = 0 } = useQuery({ ...unreadQuery, enabled: !!token });
  return token ? data : 0;
}

export const shopListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.shopList(search),
    queryFn: ({ pageParam, signal }) =>
      call("GET /get-shops", { query: { search, page: pageParam, per_page: SHOP_LIST_PAGE_SIZE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const shopMessagesQuery = (shopId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.shopMessages(shopId),
    queryFn: ({ pageParam, signal }) =>
      call("GET /get-message", { query: { shop_id: shopId, page: pageParam, per_page: CHAT_PAGE_SIZE } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const sellerConversationsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.sellerConversationList(search),
    queryFn: ({ pageParam, signal }) =>
      call(
        "GET /seller/conversations",
        { query: { search, page: pageParam, per_page: SHOP_LIST_PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const sellerMessagesQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.sellerUserMessages(userId),
    queryFn: ({ pageParam, signal }) =>
      call(
        "GET /seller/conversations/:userId/messages",
        { params: { userId }, query: { page: pageParam, per_page: CHAT_PAGE_SIZE } },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** The shop's unread total; `shop_id` names the channel of the seller's shop. */
export const sellerUnreadQuery = queryOptions({
  queryKey: chatKeys.sellerUnread,
  queryFn: ({ signal }) => call("GET /seller/unread-messages", {}, { signal }),
  staleTime: 30_000,
});
