// The support feature's public entry: everything the app and other features use of it;
// they import nothing else from features/support/ (lint:deps).
export { useReplyTicket, useTicket, useTickets } from "./api.ts";
export { Conversation } from "./conversation.tsx";
export { ticketTime } from "./format.ts";
export { ReplyForm } from "./reply-form.tsx";
export { TicketStatusBadge } from "./status-badge.tsx";
export { StatusTabs } from "./status-tabs.tsx";
export { NewTicketForm } from "./ticket-form.tsx";
export { InfoRow, TicketHeader, TicketInfo } from "./ticket-header.tsx";
export { TicketList } from "./ticket-list.tsx";
