// The checkout feature's public entry: everything the app and other features use of it;
// they import nothing else from features/checkout/ (lint:deps).
export { CheckoutView } from "./checkout-view.tsx";
export { EmptyCartPage } from "./empty-cart.tsx";
