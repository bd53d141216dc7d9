import { endpoints } from "./endpoint.ts";

// The admin console. Catalogue structure: categories with sub-categories, brands, units, sizes, colours.

export const adminCatalogApi = endpoints({});
