import { CheckoutView } from "../../features/checkout/checkout-view.tsx";

export const handle = { title: "common.buy_now" };

export function Component() {
  return <CheckoutView buyNow title={handle.title} />;
}
