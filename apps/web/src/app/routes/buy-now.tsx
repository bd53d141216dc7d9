import { CheckoutView } from "../../features/checkout/index.ts";

export const handle = { title: "common.buy_now" };

export function Component() {
  return <CheckoutView buyNow title={handle.title} />;
}
