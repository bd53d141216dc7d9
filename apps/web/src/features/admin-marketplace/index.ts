// The admin console's marketplace screens (the dashboard, product moderation, orders, users, flash sales, audit
// log): the app's routes use these and nothing else from features/admin-marketplace/ (lint:deps).
export { AuditLog } from "./audit-log.tsx";
export { FlashSaleAdmin } from "./flash-sale-admin.tsx";
export { OrderSearch } from "./order-search.tsx";
export { AdminDashboard } from "./overview.tsx";
export { ProductModeration } from "./product-moderation.tsx";
export { UserAdmin } from "./user-admin.tsx";
