import { useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useIdParam } from "../../lib/use-page-param.ts";
import { BackIcon, ChatIcon } from "../../ui/icons.tsx";
import { useChatStore } from "./chat-store.ts";
import { ConversationList, type ConversationRow, useDebounced } from "./conversation-list.tsx";
import { shopListQuery } from "./queries.ts";
import { ShopConversation } from "./shop-conversation.tsx";

/** Older messages load within 300 px of the top on the messages page (spec section 9). */
const PAGE_TOP_THRESHOLD = 300;

/**
 * Two panes: the conversations beside the open one; on a phone one pane at a time. The columns and
 * panes may shrink below their content (minmax(0, …), min-w-0): a long word or preview wraps or
 * truncates inside them instead of widening the page.
 */
export function InboxFrame({ list, pane, selected }: { list: ReactNode; pane: ReactNode; selected: boolean }) {
  return (
    <div className="grid h-[calc(100dvh-18rem)] max-h-[48rem] min-h-[28rem] grid-cols-1 overflow-hidden rounded-2xl border border-slate-200 bg-white lg:grid-cols-[19rem_minmax(0,1fr)]">
      <div className={`min-h-0 min-w-0 flex-col border-slate-200 lg:flex lg:border-e ${selected ? "hidden" : "flex"}`}>
        {list}
      </div>
      <div className={`min-h-0 min-w-0 flex-col lg:flex ${selected ? "flex" : "hidden"}`}>{pane}</div>
    </div>
  );
}

/** The open conversation's place when none is chosen. */
export function NoneSelected({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 bg-slate-50 p-8 text-center">
      <span className="mb-2 inline-flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600">
        <ChatIcon className="size-7" />
      </span>
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="max-w-sm text-sm text-slate-500">{text}</p>
    </div>
  );
}

export function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t("chat.back")}
      className="-m-1 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 lg:hidden"
    >
      <BackIcon className="size-5 rtl:rotate-180" />
    </button>
  );
}

/**
 * The conversation an inbox shows, kept in the URL (`?shop=12`) so a reload or Back keeps it: the
 * one chosen here, or after a reload the listed one of that id.
 */
export function useChosenInUrl<T extends { id: number }>(
  key: string,
  listed: T[],
): [T | null, (item: T | null) => void] {
  const [id, setId] = useIdParam(key);
  const [picked, setPicked] = useState<T | null>(null);
  const chosen = id === null ? null : picked?.id === id ? picked : (listed.find((x) => x.id === id) ?? null);
  const choose = (item: T | null) => {
    setPicked(item);
    setId(item?.id ?? null);
  };
  return [chosen, choose];
}

/** The shopper's messages page (/massages): 'Search Seller', the shops they chat with, and the conversation. */
export function ShopperInbox() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim());
  // The page shows every conversation, so a panel left open elsewhere closes here.
  useEffect(() => useChatStore.getState().closeChat(), []);
  const shops = useInfiniteQuery(shopListQuery(term));
  const entries = shops.data?.pages.flatMap((p) => p.data) ?? [];
  // The page opens on the list ('No User Selected'), not on the shop the panel last showed; the
  // shop chosen here is in the URL (?shop=).
  const [active, selectShop] = useChosenInUrl(
    "shop",
    entries.map((e) => e.shop),
  );

  const rows: ConversationRow[] = entries.map((e) => ({
    key: e.id,
    name: e.shop.name,
    logo: e.shop.logo,
    // The open conversation is being read, whatever the list said a moment ago.
    unread: active?.id === e.shop.id ? 0 : e.unread_message_shop,
    lastMessage: e.last_message,
    lastTime: e.last_message_time,
    online: e.shop_active_status,
    selected: active?.id === e.shop.id,
    onSelect: () => selectShop(e.shop),
  }));

  return (
    <InboxFrame
      selected={!!active}
      list={
        <ConversationList
          search={search}
          onSearch={setSearch}
          searchLabel={t("chat.search_seller")}
          rows={rows}
          loading={shops.isPending}
          hasMore={!!shops.hasNextPage}
          loadingMore={shops.isFetchingNextPage}
          onMore={() => void shops.fetchNextPage()}
          emptyText={t(term ? "chat.no_sellers_found" : "chat.no_conversations")}
          label={t("chat.conversations")}
        />
      }
      pane={
        active ? (
          <ShopConversation
            key={active.id}
            shop={active}
            topThreshold={PAGE_TOP_THRESHOLD}
            start={<BackButton onClick={() => selectShop(null)} />}
          />
        ) : (
          <NoneSelected title={t("account.no_user_selected")} text={t("account.no_user_selected_text")} />
        )
      }
    />
  );
}
