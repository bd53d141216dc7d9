import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store.ts";
import { ChatIcon } from "../../ui/icons.tsx";
import { useUnreadMessages } from "./queries.ts";

/**
 * The navbar's messages button with the unread count; only for a signed-in user, and from 640 px
 * up (a phone's navbar has no room; the mobile menu carries the count there).
 */
export function MessagesNavLink({ className }: { className: string }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => !!s.token);
  const unread = useUnreadMessages();
  if (!signedIn) return null;
  return (
    <Link to="/massages" className={`${className} max-sm:hidden`}>
      <ChatIcon className="size-6" />
      {unread > 0 && (
        <span
          className="absolute -top-0.5 -end-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
          aria-hidden="true"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
      <span className="sr-only">{unread > 0 ? t("chat.messages_unread", { count: unread }) : t("chat.messages")}</span>
    </Link>
  );
}
