import { endpoints } from "./endpoint.ts";

// The Seller Centre's catalogue: products, their variants and images, stock and CSV import/export.

export const sellerProductsApi = endpoints({});
