import { CategoryManager } from "../../../features/admin-catalog/index.ts";

export const handle = { title: "admin_catalog.categories_title" };

/** Categories with their sub-categories: order, names per language, images, and deletes that move products. */
export function Component() {
  return <CategoryManager />;
}
