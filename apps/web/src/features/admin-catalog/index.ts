// The admin catalogue feature's public entry: categories with sub-categories, brands, units, sizes
// and colours; the app and other features import nothing else from features/admin-catalog/ (lint:deps).
export { CatalogOptions } from "./catalog-options.tsx";
export { CategoryManager } from "./category-tree.tsx";
