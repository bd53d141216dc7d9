import type { ProductDetails } from "@market/contract";
import { useUiStore } from "../auth/ui-store.ts";

/** What the shopper chose on a product page; the cart issue turns it into its add-to-cart call. */
export type CartChoice = {
  product: ProductDetails;
  sizeId: number;
  colorId: number;
  quantity: number;
  buyNow: boolean;
};

/**
 * The product page's Add to Cart and Buy Now entry point. Carts belong to an account (a user or a
 * guest), so until the cart feature replaces this module the shopper is asked to sign in first.
 */
export function useCartActions() {
  const openLogin = useUiStore((s) => s.openLogin);
  return {
    addToCart: (_choice: CartChoice) => openLogin(),
  };
}
