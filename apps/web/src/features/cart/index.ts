// The cart feature's public entry: everything the app and other features use of it;
// they import nothing else from features/cart/ (lint:deps).
// The catalogue shows the cart's add-to-cart and favourite buttons and its prices, so the cart never
// imports the catalogue (it refreshes the catalogue's answers through lib/query-scopes.ts).
export { CardAddToCart } from "./card-add-to-cart.tsx";
export { CartLine } from "./cart-line.tsx";
export { CartMount, useCartSideTabRail } from "./cart-mount.tsx";
export { useCartStore } from "./cart-store.ts";
export { CouponBox } from "./cart-totals.tsx";
export { FavoriteButton } from "./favorite-button.tsx";
export { DiscountBadge, ProductPrice } from "./product-price.tsx";
export { cartKeys, useAddToCart, useBuyNowCart, useCart, useCheckout, useFavoriteCount } from "./queries.ts";
export { WaitingList } from "./waiting-list.tsx";
export { Wishlist } from "./wishlist.tsx";
