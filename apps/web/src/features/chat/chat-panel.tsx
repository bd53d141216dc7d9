import type { StoreMessageBody } from "@market/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "../../api/client.ts";
import { CloseIcon } from "../../ui/icons.tsx";
import { toast } from "../../ui/toast.ts";
import { useChatStore } from "./chat-store.ts";
import { chatKeys } from "./queries.ts";
import { ShopConversation } from "./shop-conversation.tsx";

/** Older messages load within 50 px of the top of the panel (spec section 9). */
const PANEL_TOP_THRESHOLD = 50;

/**
 * The slide-up chat panel (spec section 2): the shop's name with Online/Offline, the messages and
 * 'Type a message'. It stays beside the page (not modal); Escape or the close button hides it.
 */
export function ChatPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shop = useChatStore((s) => s.activeShop);
  const productId = useChatStore((s) => s.aboutProductId);
  const closeChat = useChatStore((s) => s.closeChat);
  const shopId = shop?.id;

  // Opening a chat opens the conversation on the server too, with a product card when it came
  // from a product page; the messages are read again once that is done.
  useEffect(() => {
    if (!shopId) return;
    const body: StoreMessageBody = { shop_id: shopId, type: "user", ...(productId ? { product_id: productId } : {}) };
    call("POST /store-message", { body })
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.shopMessages(shopId) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.shops });
      })
      .catch((error) => {
        // A chat the server refuses (a seller's own shop) closes with its reason; anything else is only logged.
        if (error instanceof ApiError && error.code === "validation_failed") {
          toast.error(error.message);
          useChatStore.getState().closeChat();
        } else console.error(error);
      });
  }, [shopId, productId, queryClient]);

  if (!shop) return null;
  return (
    <section
      data-chat-panel
      aria-label={t("chat.chat_with", { name: shop.name })}
      onKeyDown={(e) => {
        if (e.key === "Escape") closeChat();
      }}
      className="fixed inset-x-0 bottom-0 z-40 flex h-[min(34rem,calc(100dvh-3rem))] flex-col overflow-hidden rounded-t-2xl border border-slate-200 bg-white shadow-2xl transition-transform duration-300 ease-out starting:translate-y-full sm:inset-x-auto sm:end-4 sm:w-96"
    >
      <ShopConversation
        key={shop.id}
        shop={shop}
        topThreshold={PANEL_TOP_THRESHOLD}
        autoFocus
        end={
          <button
            type="button"
            onClick={closeChat}
            aria-label={t("chat.close_chat")}
            className="-m-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon />
          </button>
        }
      />
    </section>
  );
}
