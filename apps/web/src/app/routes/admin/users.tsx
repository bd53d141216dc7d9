import { UserAdmin } from "../../../features/admin-marketplace/index.ts";

export const handle = { title: "admin_marketplace.users_title" };

export function Component() {
  return <UserAdmin />;
}
