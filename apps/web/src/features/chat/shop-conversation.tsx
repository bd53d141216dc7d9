import type { ChatMessage, ChatMessagesPage } from "@market/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { Avatar } from "../../ui/avatar.tsx";
import type { ChatShop } from "./chat-store.ts";
import { Conversation } from "./conversation.tsx";
import { chatKeys, shopMessagesQuery } from "./queries.ts";

/** The green or grey dot and its word. */
export function OnlineStatus({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1.5 text-xs text-slate-600">
      <span className={`size-2 rounded-full ${online ? "bg-emerald-500" : "bg-slate-400"}`} aria-hidden="true" />
      {t(online ? "chat.online" : "chat.offline")}
    </span>
  );
}

export function ConversationHeader({
  name,
  logo,
  online,
  start,
  end,
}: {
  name: string;
  logo: string | null;
  online: boolean | undefined;
  start?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-2.5">
      {start}
      <Avatar name={name} photo={logo} className="size-10 border border-slate-200" />
      <div className="min-w-0 flex-1">
        <h2 className="name-line truncate text-sm font-semibold text-slate-900">{name}</h2>
        {online !== undefined && <OnlineStatus online={online} />}
      </div>
      {end}
    </div>
  );
}

type Props = {
  shop: ChatShop;
  topThreshold: number;
  /** header buttons: close (panel) or back (messages page on a phone) */
  start?: ReactNode;
  end?: ReactNode;
  autoFocus?: boolean;
};

/** The shopper's conversation with a shop. Opening it marks the shop's messages read. */
export function ShopConversation({ shop, topThreshold, start, end, autoFocus }: Props) {
  const queryClient = useQueryClient();
  const options = useMemo(() => shopMessagesQuery(shop.id), [shop.id]);
  const refreshCounts = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
    void queryClient.invalidateQueries({ queryKey: chatKeys.shops });
  }, [queryClient]);
  return (
    <Conversation
      options={options}
      side="user"
      autoFocus={autoFocus}
      topThreshold={topThreshold}
      send={(message, client_id) =>
        call("POST /send-message", { body: { shop_id: shop.id, message, type: "user", client_id } })
      }
      draft={(message, id, newest) => draftMessage(message, id, shop, newest)}
      onOpened={refreshCounts}
      onSent={() => void queryClient.invalidateQueries({ queryKey: chatKeys.shops })}
      header={(newest) => (
        <ConversationHeader
          name={newest?.shop.name ?? shop.name}
          logo={newest?.shop.logo ?? shop.logo}
          online={newest?.shop.shop_active_status}
          start={start}
          end={end}
        />
      )}
    />
  );
}

function draftMessage(message: string, id: number, shop: ChatShop, newest: ChatMessagesPage | undefined): ChatMessage {
  const user = useAuthStore.getState().user;
  return {
    id,
    user_id: user?.id ?? 0,
    shop_id: shop.id,
    message,
    type: "user",
    is_seen: false,
    created_at: new Date().toISOString(),
    user: { id: user?.id ?? 0, name: user?.name ?? "", profile_photo: user?.profile_photo ?? null },
    shop: { id: shop.id, name: shop.name, logo: newest?.shop.logo ?? shop.logo ?? "" },
    product: null,
    shop_active_status: newest?.shop.shop_active_status ?? false,
  };
}
