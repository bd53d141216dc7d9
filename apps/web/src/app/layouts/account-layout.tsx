import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, NavLink, Outlet, useLocation } from "react-router";
import { AccountNotices, offeredTo, type SignInTo } from "../../features/auth/index.ts";
import { CartMount } from "../../features/cart/index.ts";
import { useCategories } from "../../features/catalog/index.ts";
import { ChatPanelMount, useUnreadMessages } from "../../features/chat/index.ts";
import { Navbar, TopBar, useDocumentTitle } from "../../features/layout/index.ts";
import { useMaster } from "../../features/settings/index.ts";
import { useAuthStore, useSessionName } from "../../lib/auth-store.ts";
import { useCurrentInView } from "../../lib/use-current-in-view.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { phoneWithCode } from "../../ui/phone-link.tsx";
import { SkipLink } from "../../ui/skip-link.tsx";
import { PageScroll } from "./page-scroll.tsx";

const entries = [
  { to: "/dashboard", label: "account.dashboard" },
  { to: "/order-history", label: "account.order_history" },
  { to: "/reviews", label: "reviews.menu" },
  { to: "/wishlist", label: "account.wishlist" },
  { to: "/massages", label: "account.message", badge: true },
  { to: "/profile", label: "account.my_profile" },
  { to: "/manage-address", label: "account.manage_address" },
  { to: "/support-tickets", label: "account.support_ticket" },
  { to: "/change-password", label: "account.change_password" },
  { to: "/notifications", label: "notifications.menu" },
  { to: "/terms-and-conditions", label: "account.terms_conditions" },
  { to: "/privacy-policy", label: "account.privacy_policy" },
] as const;

function Sidebar({ unreadMessages }: { unreadMessages: number }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const name = useSessionName();
  const strip = useCurrentInView<HTMLUListElement>();
  if (!user) return null;
  return (
    <aside className="rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4 lg:self-start">
      <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
        <Avatar name={name} photo={user.profile_photo} className="size-14 text-xl" />
        <div className="min-w-0">
          <p className="name-line truncate font-semibold text-slate-900">{name}</p>
          {user.phone && (
            <p className="truncate text-sm text-slate-500" dir="ltr">
              {phoneWithCode({ phone: user.phone, phone_code: user.phone_code })}
            </p>
          )}
        </div>
      </div>
      <nav aria-label={t("account.account_menu")} className="mt-3">
        <ul ref={strip} className="flex gap-1 overflow-x-auto md:flex-wrap lg:flex-col">
          {entries
            .filter((e) => offeredTo(user, e.to))
            .map((e) => (
              <li key={e.to} className="shrink-0">
                <NavLink
                  to={e.to}
                  className={({ isActive }) =>
                    `flex items-center justify-between gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition ${
                      isActive ? "bg-primary-50 text-primary-700" : "text-slate-700 hover:bg-slate-50"
                    }`
                  }
                >
                  {t(e.label)}
                  {"badge" in e && unreadMessages > 0 && (
                    <span className="rounded-full bg-primary-600 px-2 py-0.5 text-xs font-semibold text-white">
                      {unreadMessages}
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
    </aside>
  );
}

export function Component() {
  useDocumentTitle();
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const { data: master } = useMaster();
  const { data: categories = [] } = useCategories();
  const unreadMessages = useUnreadMessages();
  const location = useLocation();
  // Opened signed out, it asks for a sign-in and comes back; one who signs out here just leaves.
  const arrivedSignedOut = useRef(user === null).current;
  // Account pages are for signed-in users only (spec section 2).
  if (!user) {
    const state: SignInTo | null = arrivedSignedOut ? { signInTo: location.pathname + location.search } : null;
    return <Navigate to="/" replace state={state} />;
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header>
        <TopBar />
        <Navbar categories={categories} />
      </header>
      {/* content-start: on a phone a short page's free height stays below it, not in the menu's card */}
      <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 content-start gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr] lg:py-10">
        <Sidebar unreadMessages={unreadMessages} />
        <main id="main" className="min-w-0">
          <AccountNotices />
          <Outlet />
        </main>
      </div>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-500">
          © {new Date().getFullYear()} {master?.footer_text || t("account.all_rights_reserved")}
        </p>
      </footer>
      <CartMount />
      <ChatPanelMount />
      <PageScroll />
    </div>
  );
}
