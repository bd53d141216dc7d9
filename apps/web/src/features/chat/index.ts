// The chat feature's public entry: everything the app and other features use of it;
// they import nothing else from features/chat/ (lint:deps).
export { ChatWithShopButton } from "./chat-button.tsx";
export { ChatPanelMount } from "./chat-panel-mount.tsx";
export { ChatRuntime } from "./chat-runtime.tsx";
export { useChatStore } from "./chat-store.ts";
export { MessagesNavLink } from "./messages-nav-link.tsx";
export { useUnreadMessages } from "./queries.ts";
export { SellerInbox } from "./seller-inbox.tsx";
export { useSellerMessageToast, useSellerUnreadMessages } from "./seller-signals.ts";
export { ShopperInbox } from "./shopper-inbox.tsx";
