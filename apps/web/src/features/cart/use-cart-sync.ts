import { useEffect } from "react";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useAddresses } from "../addresses/index.ts";
import { useMaster } from "../settings/index.ts";
import { basketAddressId, nextSelection, useCartStore } from "./cart-store.ts";
import { useCart, useFavoriteCount } from "./queries.ts";

function same(a: readonly number[], b: readonly number[]) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The cart transitions of spec section 4 that follow the server's answers: the cart and the
 * favourites load once signed in; shops that left the cart, or closed, leave the selection
 * (single-vendor: every open shop in the cart is selected); the default address, else the first, becomes the basket
 * address. Mounted once per layout that shows the cart.
 */
export function useCartSync() {
  const token = useAuthStore((s) => s.token);
  const { data: master } = useMaster();
  const { data: cart } = useCart();
  const { data: addresses } = useAddresses();
  useFavoriteCount();
  const multiVendor = master?.multi_vendor ?? true;

  // A basket kept from a session that ended while the page was closed.
  useEffect(() => {
    if (!token) useCartStore.getState().reset();
  }, [token]);

  useEffect(() => {
    if (!cart || !master) return;
    const store = useCartStore.getState();
    const next = nextSelection(store.selectedShopIds, cart.cart_items, multiVendor);
    if (!same(next, store.selectedShopIds)) store.setSelectedShops(next);
  }, [cart, master, multiVendor]);

  useEffect(() => {
    if (!addresses) return;
    const { addressId, setAddressId } = useCartStore.getState();
    if (addressId === null || !addresses.some((a) => a.id === addressId)) setAddressId(basketAddressId(addresses));
  }, [addresses]);
}
