import { EmptyCartPage } from "./checkout.tsx";

export const handle = { title: "common.buy_now" };

export function Component() {
  return <EmptyCartPage title={handle.title} />;
}
