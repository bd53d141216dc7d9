import { CheckoutView } from "../../features/checkout/checkout-view.tsx";

export { EmptyCartPage } from "../../features/checkout/empty-cart.tsx";

export const handle = { title: "common.checkout" };

export function Component() {
  return <CheckoutView title={handle.title} />;
}
