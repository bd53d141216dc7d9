import { useTranslation } from "react-i18next";
import { ChatIcon } from "../../ui/icons.tsx";
import { type ChatShop, useChatStore } from "./chat-store.ts";

type Props = { shop: ChatShop; productId?: number; className?: string };

/** Opens the chat panel with a shop (a visitor gets the login dialog); from a product page it shares the product. */
export function ChatWithShopButton({ shop, productId, className = "" }: Props) {
  const { t } = useTranslation();
  const openChat = useChatStore((s) => s.openChat);
  return (
    <button
      type="button"
      onClick={() => openChat({ id: shop.id, name: shop.name, logo: shop.logo }, productId)}
      className={`inline-flex items-center justify-center gap-2 rounded-xl border border-primary-600 px-4 py-2 text-sm font-semibold text-primary-700 hover:bg-primary-50 ${className}`}
    >
      <ChatIcon className="size-5" />
      {t("chat.chat_with_shop")}
    </button>
  );
}
