import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { BagIcon } from "../../ui/icons.tsx";
import { Price } from "../settings/index.ts";
import { useCartStore } from "./cart-store.ts";
import { useCart } from "./queries.ts";
import { useCartSync } from "./use-cart-sync.ts";

// The drawer (and the voucher modal) load the first time the drawer opens, not with the first page.
const CartDrawer = lazy(() => import("./cart-drawer.tsx").then((m) => ({ default: m.CartDrawer })));

/** Pages where the floating cart tab would cover the basket itself (spec section 2). */
const NO_SIDE_TAB = ["/checkout", "/buynow"];

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
  const count = cart?.total ?? 0;
  return (
    <button
      type="button"
      onClick={openDrawer}
      data-testid="cart-side-tab"
      aria-label={`${t("cart.open_cart")}: ${t("cart.items", { count })}`}
      // On a phone it is a small tab low on the side, clear of the page's buttons in the middle.
      className="fixed end-0 top-1/2 z-40 flex w-18 -translate-y-1/2 flex-col items-center overflow-hidden rounded-s-xl bg-primary-700 text-white shadow-lg hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 max-sm:top-auto max-sm:bottom-28 max-sm:w-13 max-sm:translate-y-0"
    >
      <span className="flex flex-col items-center gap-0.5 px-1 py-2">
        <BagIcon className="size-5" />
        <span className="text-[11px] font-semibold leading-tight">{t("cart.items", { count })}</span>
      </span>
      <span className="w-full bg-white px-1 py-1 text-center text-[11px] font-bold text-primary-800 max-sm:hidden">
        <Price amount={cart?.total_amount ?? 0} />
      </span>
    </button>
  );
}
