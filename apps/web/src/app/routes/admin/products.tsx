import { ProductModeration } from "../../../features/admin-marketplace/index.ts";

export const handle = { title: "admin_marketplace.products_title" };

export function Component() {
  return <ProductModeration />;
}
