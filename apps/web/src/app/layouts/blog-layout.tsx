import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { Footer, Logo, TopBar, useDocumentTitle } from "../../features/layout/index.ts";
import { SkipLink } from "../../ui/skip-link.tsx";
import { PageScroll } from "./page-scroll.tsx";

export function Component() {
  useDocumentTitle();
  const { t } = useTranslation();
  const link = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-lg px-2 py-2 text-sm font-medium sm:px-3 ${isActive ? "text-primary-700" : "text-slate-700 hover:text-primary-700"}`;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* One banner landmark for both bars. It sticks by the top bar's height (h-9) above the
          window: the site's top bar (language, currency) scrolls away, the blog's own bar stays. */}
      <header className="sticky -top-9 z-30">
        <TopBar />
        <div className="border-b border-slate-200 bg-white/90 backdrop-blur">
          <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4">
            <Logo />
            <nav aria-label={t("layout.main_menu")} className="flex items-center gap-1">
              <NavLink to="/" end className={link}>
                {t("layout.home")}
              </NavLink>
              <NavLink to="/blogs" className={link}>
                {t("content.blog")}
              </NavLink>
              <NavLink to="/products" className={link}>
                {t("layout.shop_now")}
              </NavLink>
            </nav>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <PageScroll />
    </div>
  );
}
