import type { ChatMessage, ChatUser, SellerMessagesPage } from "@market/contract";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../api/client.ts";
import { useChatStore } from "./chat-store.ts";
import { Conversation } from "./conversation.tsx";
import { ConversationList, type ConversationRow, useDebounced } from "./conversation-list.tsx";
import { chatKeys, sellerConversationsQuery, sellerMessagesQuery, sellerUnreadQuery } from "./queries.ts";
import { ConversationHeader } from "./shop-conversation.tsx";
import { BackButton, InboxFrame, NoneSelected, useChosenInUrl } from "./shopper-inbox.tsx";

const PAGE_TOP_THRESHOLD = 300;

/** The shop's side of one conversation: the shopper's messages on the start side, the shop's replies on the end side. */
function CustomerConversation({ customer, onBack }: { customer: ChatUser; onBack: () => void }) {
  const queryClient = useQueryClient();
  const options = useMemo(() => sellerMessagesQuery(customer.id), [customer.id]);
  const refreshList = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.sellerConversations });
    void queryClient.invalidateQueries({ queryKey: chatKeys.sellerUnread });
  }, [queryClient]);
  return (
    <Conversation
      options={options}
      side="shop"
      topThreshold={PAGE_TOP_THRESHOLD}
      send={(message, client_id) =>
        call("POST /seller/conversations/:userId/messages", {
          params: { userId: customer.id },
          body: { message, client_id },
        })
      }
      draft={(message, id, newest) => draftReply(message, id, customer, newest)}
      onOpened={refreshList}
      onSent={refreshList}
      header={(newest) => (
        <ConversationHeader
          name={newest?.user.name ?? customer.name}
          logo={newest?.user.profile_photo ?? customer.profile_photo}
          online={newest?.user.user_active_status}
          start={<BackButton onClick={onBack} />}
        />
      )}
    />
  );
}

function draftReply(
  message: string,
  id: number,
  customer: ChatUser,
  newest: SellerMessagesPage | undefined,
): ChatMessage {
  const shop = newest?.data[0]?.shop ?? { id: 0, name: "", logo: "" };
  return {
    id,
    user_id: customer.id,
    shop_id: shop.id,
    message,
    type: "shop",
    is_seen: false,
    created_at: new Date().toISOString(),
    user: customer,
    shop,
    product: null,
    shop_active_status: true,
  };
}

/** The seller's inbox (/seller/messages): the shop's conversations with shoppers, and replies. */
export function SellerInbox() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim());
  // The shop's id names its channel, which brings shoppers' messages here live.
  const shopId = useQuery(sellerUnreadQuery).data?.shop_id;
  const list = useInfiniteQuery(sellerConversationsQuery(term));
  useEffect(() => {
    if (shopId) useChatStore.setState({ sellerShopId: shopId });
  }, [shopId]);
  const entries = list.data?.pages.flatMap((p) => p.data) ?? [];
  // The customer chosen is in the URL (?customer=), so a reload or Back keeps it.
  const [selected, setSelected] = useChosenInUrl(
    "customer",
    entries.map((c) => c.user),
  );

  const rows: ConversationRow[] = entries.map((c) => ({
    key: c.id,
    name: c.user.name,
    logo: c.user.profile_photo,
    unread: selected?.id === c.user.id ? 0 : c.unread_messages,
    lastMessage: c.last_message,
    lastTime: c.last_message_time,
    online: c.user_active_status,
    selected: selected?.id === c.user.id,
    onSelect: () => setSelected(c.user),
  }));

  return (
    <InboxFrame
      selected={!!selected}
      list={
        <ConversationList
          search={search}
          onSearch={setSearch}
          searchLabel={t("chat.search_customer")}
          rows={rows}
          loading={list.isPending}
          hasMore={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onMore={() => void list.fetchNextPage()}
          emptyText={t(term ? "chat.no_customers_found" : "chat.seller_inbox_empty")}
          label={t("chat.conversations")}
        />
      }
      pane={
        selected ? (
          <CustomerConversation key={selected.id} customer={selected} onBack={() => setSelected(null)} />
        ) : (
          <NoneSelected title={t("chat.no_customer_selected")} text={t("chat.no_customer_selected_text")} />
        )
      }
    />
  );
}
