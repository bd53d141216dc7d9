import { lazy, Suspense } from "react";
import { useChatStore } from "./chat-store.ts";

// The panel, its conversation code and pusher-js stay out of the first page's JavaScript.
const ChatPanel = lazy(() => import("./chat-panel.tsx").then((m) => ({ default: m.ChatPanel })));

/** Renders the slide-up chat panel while it is open. */
export function ChatPanelMount() {
  const open = useChatStore((s) => s.panelOpen && s.activeShop !== null);
  if (!open) return null;
  return (
    <Suspense>
      <ChatPanel />
    </Suspense>
  );
}
