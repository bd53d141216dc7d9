import { create } from "zustand";

/** The shop a chat is with, as the panel's title shows it. */
export type ChatShop = { id: number; name: string; logo: string | null };

type ChatState = {
  /** The shop of the open conversation (the panel, or the selected one on /massages). */
  activeShop: ChatShop | null;
  panelOpen: boolean;
  /** Opens the slide-up chat panel with a shop: from a cart shop group, a shop page or a product page. */
  openChat: (shop: ChatShop) => void;
  closeChat: () => void;
};

export const useChatStore = create<ChatState>()((set) => ({
  activeShop: null,
  panelOpen: false,
  openChat: (shop) => set({ activeShop: shop, panelOpen: true }),
  closeChat: () => set({ panelOpen: false }),
}));
