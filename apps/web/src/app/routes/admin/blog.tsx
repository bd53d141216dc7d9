import { BlogManager } from "../../../features/admin-content/index.ts";

export const handle = { title: "admin_content.blog_title" };

export function Component() {
  return <BlogManager />;
}
