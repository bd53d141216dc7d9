import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { BagIcon } from "../../ui/icons.tsx";
import { NameFirst } from "../../ui/name-first.tsx";
import { Price } from "../settings/index.ts";
import { useCartStore } from "./cart-store.ts";
import { useCart } from "./queries.ts";
import { useCartSync } from "./use-cart-sync.ts";

// The drawer (and the voucher modal) load the first time the drawer opens, not with the first page.
const CartDrawer = lazy(() => import("./cart-drawer.tsx").then((m) => ({ default: m.CartDrawer })));

/** Pages where the floating cart tab would cover the basket itself (spec section 2). */
const NO_SIDE_TAB = ["/checkout", "/buynow"];

/**
 * The floating tab never covers what the page offers to press: it shows from 1024 px only, in a
 * rail of its own width that the layout keeps free at the end side below its header (this class,
 * on what holds the main content and the footer). Below 1024 px there is no rail to spare and the
 * header's cart button does its job.
 */
const SIDE_TAB_RAIL = "lg:pe-18";

/** The class a layout with the side tab puts below its header: the tab's rail where the tab shows. */
export function useCartSideTabRail(): string {
  const { pathname } = useLocation();
  return NO_SIDE_TAB.includes(pathname) ? "" : SIDE_TAB_RAIL;
}

/**
 * The cart's part of a layout: the drawer, the state kept in step with the server and, where the
 * layout wants it, the floating side tab with the item count and amount.
 */
export function CartMount({ sideTab = false }: { sideTab?: boolean }) {
  useCartSync();
  const { pathname } = useLocation();
  const open = useCartStore((s) => s.drawerOpen);
  const [loaded, setLoaded] = useState(open);
  if (open && !loaded) setLoaded(true);
  return (
    <>
      {sideTab && !NO_SIDE_TAB.includes(pathname) && <CartSideTab />}
      {loaded && (
        <Suspense>
          <CartDrawer />
        </Suspense>
      )}
    </>
  );
}

export function CartSideTab() {
  const { t } = useTranslation();
  const { data: cart } = useCart();
  const openDrawer = useCartStore((s) => s.openDrawer);
  const count = cart?.quantity ?? 0;
  return (
    <button
      type="button"
      onClick={openDrawer}
      data-testid="cart-side-tab"
      // In the rail the layout keeps free below the header (SIDE_TAB_RAIL), as wide as the rail;
      // never higher than the header's bottom, on a short screen too.
      className="fixed end-0 top-[max(50%,14rem)] z-40 hidden w-18 -translate-y-1/2 flex-col items-center overflow-hidden rounded-s-xl bg-primary-700 text-white shadow-lg hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 lg:flex"
    >
      <NameFirst label={t("cart.open_cart")} />
      <span className="flex flex-col items-center gap-0.5 px-1 py-2">
        <BagIcon className="size-5" />
        <span className="text-[11px] font-semibold leading-tight">{t("cart.items", { count })}</span>
      </span>
      <span className="w-full bg-white px-1 py-1 text-center text-[11px] font-bold text-primary-800">
        <Price amount={cart?.total_amount ?? 0} />
      </span>
    </button>
  );
}
