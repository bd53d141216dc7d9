import type { CartShopGroup } from "@market/contract";
import { afterEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../../../lib/auth-store.ts";
import { basketAddressId, keepShopsInCart, nextSelection, toggled, useCartStore } from "../cart-store.ts";

const group = (shop_id: number, is_open = true): CartShopGroup => ({
  shop_id,
  shop_name: `Shop ${shop_id}`,
  shop_rating: 4,
  shop_logo: "",
  is_open,
  products: [],
});

const shopper = { id: 1, name: "A", phone: null, profile_photo: null, role: "customer" as const };

afterEach(() => {
  useAuthStore.setState({ token: null, user: null });
  useCartStore.getState().reset();
  localStorage.clear();
});

describe("cart selection", () => {
  it("toggles a shop in and out of the selection", () => {
    const s = useCartStore.getState();
    s.toggleShop(3);
    s.toggleShop(5);
    expect(useCartStore.getState().selectedShopIds).toEqual([3, 5]);
    useCartStore.getState().toggleShop(3);
    expect(useCartStore.getState().selectedShopIds).toEqual([5]);
    expect(toggled([], 1)).toEqual([1]);
  });

  it("drops selected shops whose lines all left the cart (multi-vendor)", () => {
    expect(keepShopsInCart([1, 2, 3], [group(2), group(4)])).toEqual([2]);
    expect(nextSelection([1, 2], [group(2), group(4)], true)).toEqual([2]);
    // An empty cart empties the selection.
    expect(nextSelection([1, 2], [], true)).toEqual([]);
  });

  it("selects every shop in the cart in single-vendor mode", () => {
    expect(nextSelection([], [group(7)], false)).toEqual([7]);
    expect(nextSelection([9], [], false)).toEqual([]);
  });

  it("drops a shop that closed, in either mode, while its lines stay in the cart", () => {
    expect(nextSelection([2, 4], [group(2, false), group(4)], true)).toEqual([4]);
    expect(nextSelection([], [group(2, false), group(4)], false)).toEqual([4]);
  });
});

describe("basket address", () => {
  it("takes the default address, otherwise the first, otherwise none", () => {
    expect(
      basketAddressId([
        { id: 4, is_default: false },
        { id: 8, is_default: true },
      ]),
    ).toBe(8);
    expect(
      basketAddressId([
        { id: 4, is_default: false },
        { id: 8, is_default: false },
      ]),
    ).toBe(4);
    expect(basketAddressId([])).toBeNull();
  });
});

describe("session end", () => {
  it("empties the basket when the token goes, whatever removed it", () => {
    useAuthStore.getState().setSession("t1", shopper);
    const s = useCartStore.getState();
    s.setSelectedShops([1, 2]);
    s.setCouponCode(" SAVE10 ");
    s.setAddressId(3);
    s.setBuyNow({ productId: 5, shopId: 1 });
    expect(useCartStore.getState().couponCode).toBe("SAVE10");

    useAuthStore.getState().clear();
    const after = useCartStore.getState();
    expect(after.selectedShopIds).toEqual([]);
    expect(after.couponCode).toBe("");
    expect(after.addressId).toBeNull();
    expect(after.buyNow).toBeNull();
  });

  it("keeps the basket across a reload but never the open drawer", () => {
    useCartStore.getState().setSelectedShops([2]);
    useCartStore.getState().openDrawer();
    const stored = JSON.parse(localStorage.getItem("cart") ?? "{}");
    expect(stored.state.selectedShopIds).toEqual([2]);
    expect(stored.state.drawerOpen).toBeUndefined();
  });
});
