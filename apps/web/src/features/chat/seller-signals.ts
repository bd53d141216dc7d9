import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { toast } from "../../ui/toast.ts";
import { useChatStore } from "./chat-store.ts";
import { sellerUnreadQuery } from "./queries.ts";

/**
 * The shop's unread message count for the Seller Centre's menu (0 while `enabled` is false, e.g. a
 * role without the messages section). Knowing the shop also subscribes the chat runtime to the
 * shop's channel, so the count (and `useSellerMessageToast`) follow shoppers' messages live.
 */
export function useSellerUnreadMessages(enabled: boolean): number {
  const { data } = useQuery({ ...sellerUnreadQuery, enabled });
  const shopId = data?.shop_id;
  useEffect(() => {
    if (enabled && shopId) useChatStore.setState({ sellerShopId: shopId });
  }, [enabled, shopId]);
  return enabled ? (data?.unread_messages ?? 0) : 0;
}

/**
 * A toast for each shopper's message that arrives while the seller is on another page than the
 * inbox (`inboxPath`), with a button that opens the inbox. The inbox itself shows the message.
 */
export function useSellerMessageToast(inboxPath: string, enabled: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;
  useEffect(() => {
    if (!enabled) return;
    return useChatStore.subscribe((state, prev) => {
      const event = state.lastShopMessage;
      if (!event || event === prev.lastShopMessage || event.type !== "user") return;
      if (where.current === inboxPath || where.current.startsWith(`${inboxPath}/`)) return;
      toast.success(t("chat.seller_new_message"), {
        id: `chat-shop-${event.conversation_id}`,
        action: { label: t("chat.open_inbox"), onClick: () => navigate(inboxPath) },
      });
    });
  }, [enabled, inboxPath, navigate, t]);
}
