import { PageManager } from "../../../features/admin-content/index.ts";

export const handle = { title: "admin_content.pages_title" };

export function Component() {
  return <PageManager />;
}
