import type { ChatEvent, NotificationEvent } from "@market/contract";
import { create } from "zustand";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useUiStore } from "../auth/index.ts";

/** The shop a chat is with, as the panel's title shows it. */
export type ChatShop = { id: number; name: string; logo: string | null };

type ChatState = {
  /** The shop of the panel's conversation. */
  activeShop: ChatShop | null;
  panelOpen: boolean;
  /** The product a product page opened the chat about; the panel posts it once as a product card. */
  aboutProductId: number | null;
  /**
   * Opens the slide-up chat panel with a shop: from a cart shop group, a shop page or a product
   * page. A visitor gets the login dialog instead, as chat needs an account.
   */
  openChat: (shop: ChatShop, productId?: number) => void;
  closeChat: () => void;
  /** The signed-in seller's shop, once the inbox knows it: its channel brings shoppers' messages. */
  sellerShopId: number | null;
  /** The last message the shop's channel announced (the Seller Centre toasts a shopper's one). */
  lastShopMessage: ChatEvent | null;
  /** The last notification event the realtime connection brought (features/notifications follows it). */
  lastNotification: (NotificationEvent & { to: "user" | "shop" }) | null;
  /**
   * How many times each channel has been joined: the first join and every rejoin after a lost
   * connection, when events may have been missed (features/notifications reads the bell again).
   */
  joins: { user: number; shop: number };
  /** The chat a visitor asked for: it opens once they sign in from the dialog it brought up. */
  asked: { shop: ChatShop; productId: number | null } | null;
};

/** What opened the panel (a "Chat with Shop" button), for the focus to go back to. */
let opener: HTMLElement | null = null;

export const useChatStore = create<ChatState>()((set) => ({
  activeShop: null,
  panelOpen: false,
  aboutProductId: null,
  sellerShopId: null,
  lastShopMessage: null,
  lastNotification: null,
  joins: { user: 0, shop: 0 },
  asked: null,
  openChat: (shop, productId) => {
    if (!useAuthStore.getState().token) {
      set({ asked: { shop, productId: productId ?? null } });
      return useUiStore.getState().openLogin();
    }
    const active = document.activeElement;
    opener = active instanceof HTMLElement && active !== document.body ? active : null;
    set({ activeShop: shop, panelOpen: true, aboutProductId: productId ?? null, asked: null });
  },
  closeChat: () => {
    // Closed from inside (Escape, its close button): the keyboard goes back to what opened it.
    const inside = document.activeElement?.closest("[data-chat-panel]");
    set({ panelOpen: false, aboutProductId: null });
    if (inside && opener?.isConnected) opener.focus();
  },
}));

// Signed in from the dialog a chat brought up: the chat opens. The dialogs closed without signing
// in: the request is dropped, so a later sign-in elsewhere opens nothing.
useAuthStore.subscribe((state, prev) => {
  const { asked } = useChatStore.getState();
  if (!prev.token && state.token && asked) useChatStore.getState().openChat(asked.shop, asked.productId ?? undefined);
});
useUiStore.subscribe((state) => {
  if (!state.authDialog && !useAuthStore.getState().token) useChatStore.setState({ asked: null });
});

// Logging out clears the chats and the active shop (spec section 4), whatever cleared the token.
useAuthStore.subscribe((state, prev) => {
  if (prev.token && !state.token)
    useChatStore.setState({
      activeShop: null,
      panelOpen: false,
      aboutProductId: null,
      sellerShopId: null,
      lastShopMessage: null,
      lastNotification: null,
    });
});
