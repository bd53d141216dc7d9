import { Outlet } from "react-router";
import { useSignInTo } from "../../features/auth/index.ts";
import { CartMount, useCartSideTabRail } from "../../features/cart/index.ts";
import { useCategories } from "../../features/catalog/index.ts";
import { ChatPanelMount } from "../../features/chat/index.ts";
import { Footer, Navbar, TopBar, useDocumentTitle } from "../../features/layout/index.ts";
import { SkipLink } from "../../ui/skip-link.tsx";
import { PageScroll } from "./page-scroll.tsx";

export function Component() {
  useDocumentTitle();
  useSignInTo();
  const { data: categories = [] } = useCategories();
  const rail = useCartSideTabRail();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header>
        <TopBar />
        <Navbar categories={categories} />
      </header>
      {/* Below the header (which the tab, halfway down the screen, never reaches): the tab's rail. The
          footer's own colour runs under the rail to the page's edge; its content keeps out of it. */}
      <div className="flex flex-1 flex-col">
        <main id="main" className={`flex-1 ${rail}`}>
          <Outlet />
        </main>
        <Footer className={rail} />
      </div>
      <CartMount sideTab />
      <ChatPanelMount />
      <PageScroll />
    </div>
  );
}
