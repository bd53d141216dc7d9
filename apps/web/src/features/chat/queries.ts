import { CHAT_PAGE_SIZE, SHOP_LIST_PAGE_SIZE } from "@market/contract";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { call, keyOf } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";

// The chat's server state. Keys start with "chat" so a realtime event or a logout can reach them all;
// then the call, then what tells one list apart (the pages of a list are one infinite query).
const CHAT_SCOPE = ["chat"] as const;
const shops = [...CHAT_SCOPE, ...keyOf("GET /get-shops")] as const;
const sellerConversations = [...CHAT_SCOPE, ...keyOf("GET /seller/conversations")] as const;

export const chatKeys = {
  all: CHAT_SCOPE,
  unread: [...CHAT_SCOPE, ...keyOf("GET /unread-messages")] as const,
  shops,
  shopList: (search: string) => [...shops, search] as const,
  messages: [...CHAT_SCOPE, ...keyOf("GET /get-message")] as const,
  shopMessages: (shopId: number) => [...CHAT_SCOPE, ...keyOf("GET /get-message"), shopId] as const,
  sellerUnread: [...CHAT_SCOPE, ...keyOf("GET /seller/unread-messages")] as const,
  sellerConversations,
  sellerConversationList: (search: string) => [...sellerConversations, search] as const,
  sellerMessages: [...CHAT_SCOPE, ...keyOf("GET /seller/conversations/:userId/messages")] as const,
  sellerUserMessages: (userId: number) =>
    [...CHAT_SCOPE, ...keyOf("GET /seller/conversations/:userId/messages"), userId] as const,
  /** The sends into one conversation (a mutation key), by the conversation's query key. */
  send: (conversation: readonly unknown[]) => [...CHAT_SCOPE, "send", ...conversation] as const,
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
