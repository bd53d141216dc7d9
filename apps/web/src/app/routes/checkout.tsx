import { CheckoutView } from "../../features/checkout/index.ts";

export { EmptyCartPage } from "../../features/checkout/index.ts";

export const handle = { title: "common.checkout" };

export function Component() {
  return <CheckoutView title={handle.title} />;
}
