// The seller import feature's public entry: the CSV import and export page of the Seller Centre;
// the app imports nothing else from features/seller-import/ (lint:deps).
export { ProductImport } from "./product-import.tsx";
