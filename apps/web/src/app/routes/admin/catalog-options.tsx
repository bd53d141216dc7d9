import { CatalogOptions } from "../../../features/admin-catalog/index.ts";

export const handle = { title: "admin_catalog.options_title" };

/** Brands, units, sizes and colours. */
export function Component() {
  return <CatalogOptions />;
}
