import type { CartShopGroup } from "@market/contract";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { onAccountLeft } from "../../lib/auth-store.ts";

/** The product a Buy Now started with (its own cart on the server; spec section 3). */
export type BuyNowItem = { productId: number; shopId: number };

/**
 * What the client holds beside the server's cart (spec section 3): the shops chosen for checkout,
 * the coupon to apply, the basket address, the buy-now product and whether the drawer is open.
 * The cart lines and totals themselves are server state (TanStack Query, see queries.ts).
 */
export type CartState = {
  selectedShopIds: number[];
  /** the coupon code applied to the checkout totals ("" when none) */
  couponCode: string;
  /** the basket (delivery) address; null until the addresses are known */
  addressId: number | null;
  /** the payment method chosen at checkout; null: the first one offered */
  paymentMethod: string | null;
  /** the order note being written at checkout */
  orderNote: string;
  buyNow: BuyNowItem | null;
  drawerOpen: boolean;
  /** Selects a shop when unselected, otherwise deselects it. */
  toggleShop: (shopId: number) => void;
  setSelectedShops: (shopIds: number[]) => void;
  clearSelection: () => void;
  setCouponCode: (code: string) => void;
  setAddressId: (id: number | null) => void;
  setPaymentMethod: (method: string) => void;
  setOrderNote: (note: string) => void;
  setBuyNow: (item: BuyNowItem | null) => void;
  openDrawer: () => void;
  closeDrawer: () => void;
  /** Back to an empty basket: what logging out or losing the token does (spec section 4). */
  reset: () => void;
};

const empty = {
  selectedShopIds: [] as number[],
  couponCode: "",
  addressId: null,
  paymentMethod: null,
  orderNote: "",
  buyNow: null,
  drawerOpen: false,
};

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...empty,
      toggleShop: (shopId) => set((s) => ({ selectedShopIds: toggled(s.selectedShopIds, shopId) })),
      setSelectedShops: (shopIds) => set({ selectedShopIds: [...new Set(shopIds)] }),
      clearSelection: () => set({ selectedShopIds: [] }),
      setCouponCode: (code) => set({ couponCode: code.trim() }),
      setAddressId: (id) => set({ addressId: id }),
      setPaymentMethod: (method) => set({ paymentMethod: method }),
      setOrderNote: (note) => set({ orderNote: note }),
      setBuyNow: (item) => set({ buyNow: item }),
      openDrawer: () => set({ drawerOpen: true }),
      closeDrawer: () => set({ drawerOpen: false }),
      reset: () => set(empty),
    }),
    {
      // The selection survives a reload, so /checkout opened in a new tab shows the same shops, and
      // a reload mid-checkout keeps the payment method and the note as they were.
      name: "cart",
      partialize: (s) => ({
        selectedShopIds: s.selectedShopIds,
        couponCode: s.couponCode,
        addressId: s.addressId,
        paymentMethod: s.paymentMethod,
        orderNote: s.orderNote,
        buyNow: s.buyNow,
      }),
    },
  ),
);

export function toggled(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/**
 * The selected shops that can still be checked out: a shop whose last line went is dropped, and so
 * is a shop that closed (its lines stay in the cart, marked closed).
 */
export function keepShopsInCart(selected: readonly number[], groups: readonly CartShopGroup[]): number[] {
  const open = new Set(groups.filter((g) => g.is_open).map((g) => g.shop_id));
  return selected.filter((id) => open.has(id));
}

/**
 * The selection after the cart changed (spec section 4): shops no longer in the cart (or closed)
 * are dropped; in single-vendor mode every open shop in the cart is selected, since the shopper
 * cannot choose.
 */
export function nextSelection(
  selected: readonly number[],
  groups: readonly CartShopGroup[],
  multiVendor: boolean,
): number[] {
  if (!multiVendor) return groups.filter((g) => g.is_open).map((g) => g.shop_id);
  return keepShopsInCart(selected, groups);
}

/** The basket address after the addresses loaded: the default one, otherwise the first. */
export function basketAddressId(addresses: readonly { id: number; is_default: boolean }[]): number | null {
  return (addresses.find((a) => a.is_default) ?? addresses[0])?.id ?? null;
}

// With no token the basket is emptied (spec section 4): whatever ends the session, a logout, a
// 401 anywhere, or another tab signing out; and when another account signs in.
onAccountLeft(() => useCartStore.getState().reset());
