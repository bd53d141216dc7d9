// The orders feature's public entry: everything the app and other features use of it;
// they import nothing else from features/orders/ (lint:deps).
export { DashboardSummary } from "./dashboard-summary.tsx";
export { AmountLines, ChargedAmount } from "./order-amounts.tsx";
export { OrderDetails } from "./order-details.tsx";
export { OrderHistory } from "./order-list.tsx";
export { OrderPage } from "./order-page.tsx";
export { ShipmentLines } from "./order-shipment.tsx";
export { orderDate } from "./order-status.tsx";
export { OrderTimeline } from "./order-timeline.tsx";
export { PaymentLine } from "./order-view.tsx";
export {
  PaymentResultDialog,
  rememberUnpaidOrder,
  UnpaidOrderNotice,
  usePaymentReturn,
} from "./payment-result-dialog.tsx";
export { refreshOrders, useOrder, useSellerOrder } from "./queries.ts";
export { SellerOrderDetails } from "./seller-order-details.tsx";
export { SellerOrders } from "./seller-orders.tsx";
