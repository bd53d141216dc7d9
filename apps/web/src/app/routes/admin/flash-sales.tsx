import { FlashSaleAdmin } from "../../../features/admin-marketplace/index.ts";

export const handle = { title: "admin_marketplace.sales_title" };

export function Component() {
  return <FlashSaleAdmin />;
}
