import { MenuManager } from "../../../features/admin-content/index.ts";

export const handle = { title: "admin_content.menus_title" };

export function Component() {
  return <MenuManager />;
}
