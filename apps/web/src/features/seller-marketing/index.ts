// The seller-marketing feature's public entry: the Seller Centre's vouchers and flash-sale pages;
// the app imports nothing else from features/seller-marketing/ (lint:deps).
export { SellerFlashSales } from "./flash-sales.tsx";
export { SellerVouchers } from "./voucher-list.tsx";
