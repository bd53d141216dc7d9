// The seller products feature's public entry: everything the app and other features use of it;
// they import nothing else from features/seller-products/ (lint:deps).
export { ProductEditor } from "./product-form.tsx";
export { SellerProductList } from "./product-list.tsx";
export { sellerProductKeys } from "./queries.ts";
export { LowStockList, StockLog } from "./stock-pages.tsx";
