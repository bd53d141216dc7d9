import type { Category } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useAuthStore } from "../../lib/auth-store.ts";
import { CartIcon, HeartIcon, UserIcon } from "../../ui/icons.tsx";
import { UserMenu, useUiStore } from "../auth/index.ts";
import { useCart, useCartStore, useFavoriteCount } from "../cart/index.ts";
import { MessagesNavLink } from "../chat/index.ts";
import { NotificationBell } from "../notifications/index.ts";
import { useMaster } from "../settings/index.ts";
import { CategoryMenu } from "./category-menu.tsx";
import { DownloadApp } from "./download-app.tsx";
import { MenuLink } from "./menu-link.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { NavBadge } from "./nav-badge.tsx";
import { MobileSearch, SearchBox } from "./search-box.tsx";

const iconButton =
  "relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-primary-700";

export function Logo() {
  const { data: master } = useMaster();
  return (
    <Link to="/" className="flex min-w-0 shrink items-center" aria-label={master?.app_name ?? "/"}>
      {master?.logo ? (
        <img src={master.logo} alt={master.app_name} className="h-8 w-auto min-w-0 max-w-40 object-contain sm:h-9" />
      ) : (
        <span className="text-xl font-bold text-primary-700">{master?.app_name}</span>
      )}
    </Link>
  );
}

type Props = { categories: Category[] };

export function Navbar({ categories }: Props) {
  const { t } = useTranslation();
  const wishlistCount = useFavoriteCount();
  const signedIn = useAuthStore((s) => s.token !== null);
  const cartQuantity = useCart().data?.quantity;
  const cartCount = signedIn ? cartQuantity : 0;
  const openCart = useCartStore((s) => s.openDrawer);
  const { data: master } = useMaster();
  const user = useAuthStore((s) => s.user);
  const openLogin = useUiStore((s) => s.openLogin);
  const navigate = useNavigate();
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 md:h-20 md:gap-6">
        <MobileMenu categories={categories} />
        <Logo />
        <div className="hidden max-w-2xl flex-1 md:block">
          <SearchBox />
        </div>
        <div className="ms-auto flex items-center gap-1 md:gap-2">
          <MobileSearch />
          <button
            type="button"
            className={iconButton}
            onClick={() => (user ? navigate("/wishlist") : openLogin())}
            data-testid="navbar-wishlist"
          >
            <NavBadge icon={<HeartIcon className="size-6" />} count={wishlistCount} label={t("common.wishlist")} />
          </button>
          <button type="button" className={iconButton} onClick={openCart} data-testid="navbar-cart">
            <NavBadge icon={<CartIcon className="size-6" />} count={cartCount} label={t("common.cart")} />
          </button>
          <MessagesNavLink className={iconButton} />
          {user && <NotificationBell scope="user" className={iconButton} />}
          {user ? (
            <UserMenu />
          ) : (
            <button
              type="button"
              onClick={openLogin}
              className="hidden items-center gap-2 rounded-full border border-slate-200 px-4 py-2 text-sm font-semibold text-slate-700 hover:border-primary-300 hover:text-primary-700 md:inline-flex"
            >
              <UserIcon className="size-4" />
              {t("common.login")}
            </button>
          )}
        </div>
      </div>
      <div className="hidden border-t border-slate-100 md:block">
        <nav
          aria-label={t("layout.main_menu")}
          className="mx-auto flex min-h-14 max-w-7xl items-center gap-2 px-4 py-2"
        >
          <CategoryMenu categories={categories} />
          {/* Links that do not fit wrap to a second row (a tablet in French) rather than hide. */}
          <ul className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
            {master?.menus.map((m) => (
              <li key={m.id}>
                <MenuLink
                  url={m.url}
                  target={m.target}
                  isExternal={m.is_external}
                  className="block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-primary-700"
                >
                  {m.title}
                </MenuLink>
              </li>
            ))}
          </ul>
          <div className="shrink-0">
            <DownloadApp />
          </div>
        </nav>
      </div>
    </div>
  );
}
