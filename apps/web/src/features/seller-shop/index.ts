// The seller shop feature's public entry: everything the app and other features use of it;
// they import nothing else from features/seller-shop/ (lint:deps). The dashboard's chart (Recharts)
// is loaded by the dashboard itself, so no other page's code carries it.
export { SalesFigures, SellerDashboardView } from "./dashboard.tsx";
export { InviteAccept } from "./invite-accept.tsx";
export { sellerShopKeys } from "./queries.ts";
export { ShopProfileEditor } from "./shop-profile-form.tsx";
export { StaffManager } from "./staff-manager.tsx";
