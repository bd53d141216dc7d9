import { Dialog as D } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../ui/button.tsx";
import { nextPageHeadingFocus, useFocusReturn } from "../../ui/focus-return.ts";
import { BagIcon, CloseIcon } from "../../ui/icons.tsx";
import { toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { CartShopGroup } from "./cart-shop-group.tsx";
import { useCartStore } from "./cart-store.ts";
import { dismissAddedToasts } from "./cart-toasts.tsx";
import { CartTotals, CouponBox } from "./cart-totals.tsx";
import { useCart, useCheckout } from "./queries.ts";
import { VoucherDialog, type VoucherShop } from "./voucher-dialog.tsx";

/** The basket side panel: 'My Cart' '(n items)', lines grouped by shop, totals, 'Proceed to Checkout'. */
export function CartDrawer() {
  const open = useCartStore((s) => s.drawerOpen);
  const closeDrawer = useCartStore((s) => s.closeDrawer);
  const openDrawer = useCartStore((s) => s.openDrawer);
  const focusReturn = useFocusReturn();
  // Closed by going to checkout: the keyboard starts on that page, not back on the header's cart.
  const leaving = useRef<(() => void) | null>(null);
  const leave = () => {
    leaving.current = nextPageHeadingFocus();
    closeDrawer();
  };
  return (
    <D.Root open={open} onOpenChange={(o) => (o ? openDrawer() : closeDrawer())}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <D.Content
          className="fixed inset-y-0 end-0 z-50 flex w-full max-w-md flex-col bg-slate-50 shadow-2xl outline-none"
          aria-describedby={undefined}
          // 'Again Add to Cart' and 'View In Cart' in a toast act on the drawer; they must not close it.
          onInteractOutside={(e) => {
            if ((e.target as Element | null)?.closest?.("[data-sonner-toaster]")) e.preventDefault();
          }}
          // Focus goes back to what opened the drawer (the header's cart button, a toast's 'View In Cart').
          onOpenAutoFocus={(e) => {
            leaving.current = null;
            focusReturn.onOpenAutoFocus(e);
          }}
          onCloseAutoFocus={(e) => {
            if (!leaving.current) return focusReturn.onCloseAutoFocus(e);
            e.preventDefault();
            leaving.current();
          }}
        >
          {/* Mounted only while open, so opening the drawer loads the checkout products afresh. */}
          {open && <DrawerBody onLeave={leave} />}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

function DrawerBody({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: master } = useMaster();
  const multiVendor = master?.multi_vendor ?? true;
  const { data: cart, isLoading } = useCart();
  const selectedShopIds = useCartStore((s) => s.selectedShopIds);
  const couponCode = useCartStore((s) => s.couponCode);
  const { data: checkout } = useCheckout(selectedShopIds, couponCode);
  const [voucherShop, setVoucherShop] = useState<VoucherShop | null>(null);
  const groups = cart?.cart_items ?? [];
  const count = cart?.quantity ?? 0;
  const narrowed = selectedShopIds.length > 0;
  useEffect(dismissAddedToasts, []);

  const proceed = () => {
    if (useCartStore.getState().selectedShopIds.length === 0) {
      toast.error(t("cart.select_at_least_one_shop"));
      return;
    }
    onLeave();
    navigate("/checkout");
  };

  return (
    <>
      <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <BagIcon className="size-6 text-primary-700" />
        <D.Title className="flex items-baseline gap-1.5 text-lg font-semibold text-slate-900">
          {t("cart.my_cart")}
          <span className="text-sm font-normal text-slate-500" data-testid="cart-items-count">
            {t("cart.items_count", { count })}
          </span>
        </D.Title>
        <D.Close
          aria-label={t("common.close")}
          className="ms-auto rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon />
        </D.Close>
      </div>

      <div className="flex-1 overflow-y-auto px-3 py-3">
        {groups.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
            <span className="inline-flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600">
              <BagIcon className="size-8" />
            </span>
            <p className="text-lg font-semibold text-slate-900">
              {isLoading ? t("cart.loading") : t("cart.cart_empty")}
            </p>
            <p className="text-sm text-slate-500">{t("cart.cart_empty_text")}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {multiVendor && groups.some((g) => g.is_open) && (
              <SelectAll shopIds={groups.filter((g) => g.is_open).map((g) => g.shop_id)} />
            )}
            {groups.map((g) => (
              <CartShopGroup
                key={g.shop_id}
                group={g}
                multiVendor={multiVendor}
                onVouchers={setVoucherShop}
                onLeave={onLeave}
              />
            ))}
          </div>
        )}
      </div>

      {groups.length > 0 && (
        <div className="flex flex-col gap-3 border-t border-slate-200 bg-white px-4 py-4">
          {narrowed ? (
            <CouponBox applied={checkout?.apply_coupon} />
          ) : (
            <p className="text-xs text-slate-500">{t("cart.select_shop_hint")}</p>
          )}
          {/* Until a shop selection narrows it, the amount is every line's (the server's cart total). */}
          <CartTotals
            checkout={narrowed ? checkout?.checkout : undefined}
            allLines={narrowed ? undefined : (cart?.total_amount ?? 0)}
          />
          <Button type="button" onClick={proceed} size="none" className="h-12 w-full rounded-xl text-sm shadow-sm">
            {t("cart.proceed_to_checkout")}
          </Button>
        </div>
      )}
      {voucherShop && <VoucherDialog shop={voucherShop} onClose={() => setVoucherShop(null)} />}
    </>
  );
}

/** 'Select all': every open shop in the cart, or none when all are already selected. */
function SelectAll({ shopIds }: { shopIds: number[] }) {
  const { t } = useTranslation();
  const selected = useCartStore((s) => s.selectedShopIds);
  const setSelectedShops = useCartStore((s) => s.setSelectedShops);
  const all = shopIds.every((id) => selected.includes(id));
  const some = !all && shopIds.some((id) => selected.includes(id));
  return (
    <label className="flex cursor-pointer items-center gap-2 px-3 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = some;
        }}
        onChange={() => setSelectedShops(all ? [] : shopIds)}
        className="size-4.5 shrink-0 cursor-pointer rounded-full accent-primary-600"
      />
      {t("cart.select_all")}
    </label>
  );
}
