import { OrderSearch } from "../../../features/admin-marketplace/index.ts";

export const handle = { title: "admin_marketplace.orders_title" };

export function Component() {
  return <OrderSearch />;
}
