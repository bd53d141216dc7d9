import type { ProductDetails } from "@market/contract";
import { useNavigate } from "react-router";
import { useAddToCart, useCartStore } from "../cart/index.ts";

/** What the shopper chose on a product page. */
export type CartChoice = {
  product: ProductDetails;
  sizeId: number;
  colorId: number;
  quantity: number;
  buyNow: boolean;
};

/**
 * The product page's Add to Cart and Buy Now: the chosen size, colour and unit go to the cart;
 * Buy Now fills the separate buy-now cart and goes to /buynow.
 */
export function useCartActions() {
  const { add, isPending } = useAddToCart();
  const navigate = useNavigate();
  return {
    isPending,
    addToCart: ({ product, sizeId, colorId, quantity, buyNow }: CartChoice) =>
      add(
        {
          product_id: product.id,
          quantity,
          size: sizeId,
          color: colorId,
          unit: product.unit?.id,
          is_buy_now: buyNow,
        },
        {
          onSuccess: () => {
            if (!buyNow) return;
            useCartStore.getState().setBuyNow({ productId: product.id, shopId: product.shop.id });
            navigate("/buynow");
          },
        },
      ),
  };
}
