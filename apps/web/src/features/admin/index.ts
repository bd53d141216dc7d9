// The admin feature's public entry: everything the app and other features use of it;
// they import nothing else from features/admin/ (lint:deps).
export {
  adminAttachmentPath,
  useAdminMail,
  useAdminReply,
  useAdminShops,
  useAdminTicket,
  useAdminTickets,
} from "./api.ts";
export { AdminListPage, useListParams } from "./list-page.tsx";
export { AdminMailList } from "./mail-list.tsx";
export { ReasonDialog } from "./reason-dialog.tsx";
export { AdminShopList } from "./shop-list.tsx";
export { TicketStatusForm } from "./status-form.tsx";
export { AdminTicketTable } from "./ticket-table.tsx";
