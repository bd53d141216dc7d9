import type { AdminTicketDetails, InputOf, OutboxStatus, ShopStatus, TicketStatus } from "@market/contract";
import { PAGINATION_PER_PAGE } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, callWithMessage, keyOf, queryOf } from "../../api/client.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { catalogKeys } from "../catalog/index.ts";

const ticketsInput = (page: number, status: TicketStatus | undefined): InputOf<"GET /admin/support-tickets"> => ({
  query: { page, per_page: PAGINATION_PER_PAGE, status },
});
const shopsInput = (page: number, status: ShopStatus | undefined, search = ""): InputOf<"GET /admin/shops"> => ({
  query: { page, per_page: PAGINATION_PER_PAGE, status, ...(search && { search }) },
});

export const adminKeys = {
  ticketLists: keyOf("GET /admin/support-tickets"),
  tickets: (page: number, status: TicketStatus | undefined) =>
    keyOf("GET /admin/support-tickets", ticketsInput(page, status)),
  ticket: (ticketNumber: string) => keyOf("GET /admin/support-tickets/:ticketNumber", { params: { ticketNumber } }),
  shopLists: keyOf("GET /admin/shops"),
};

const ticketPath = (ticketNumber: string) => `/admin/support-tickets/${encodeURIComponent(ticketNumber)}`;
export const adminAttachmentPath = (ticketNumber: string, id: number) =>
  `${ticketPath(ticketNumber)}/attachments/${id}`;

export const useAdminTickets = (page: number, status: TicketStatus | undefined) =>
  useQuery({
    queryKey: adminKeys.tickets(page, status),
    queryFn: ({ signal }) => call("GET /admin/support-tickets", ticketsInput(page, status), { signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminTicket = (ticketNumber: string) =>
  useQuery({
    queryKey: adminKeys.ticket(ticketNumber),
    queryFn: ({ signal }) => call("GET /admin/support-tickets/:ticketNumber", { params: { ticketNumber } }, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.code === "not_found") && count < 2,
  });

/** Both writes answer the whole ticket: the page shows it at once, the list is refetched (order and status). */
function useTicketWrite<V>(
  ticketNumber: string,
  send: (v: V) => Promise<{ message: string; data: AdminTicketDetails }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (res) => {
      queryClient.setQueryData(adminKeys.ticket(ticketNumber), res.data);
      void queryClient.invalidateQueries({ queryKey: adminKeys.ticketLists });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}

export const useAdminReply = (ticketNumber: string) =>
  useTicketWrite(ticketNumber, (form: FormData) =>
    callWithMessage("POST /admin/support-tickets/:ticketNumber/message", { params: { ticketNumber }, form }),
  );

export const useTicketStatus = (ticketNumber: string) =>
  useTicketWrite(ticketNumber, (status: TicketStatus) =>
    callWithMessage("POST /admin/support-tickets/:ticketNumber/status", { params: { ticketNumber }, body: { status } }),
  );

export const useAdminShops = (page: number, status: ShopStatus | undefined, search = "") =>
  useQuery({
    ...queryOf("GET /admin/shops", shopsInput(page, status, search)),
    placeholderData: keepPreviousData,
  });

/** An admin action on a shop; `reason` for a rejection or suspension (told to the owner). */
export type ShopActionInput =
  | { id: number; action: "approve" | "reinstate" }
  | { id: number; action: "reject" | "suspend"; reason: string };

function sendShopAction(a: ShopActionInput) {
  const params = { id: a.id };
  switch (a.action) {
    case "approve":
      return callWithMessage("POST /admin/shops/:id/approve", { params });
    case "reinstate":
      return callWithMessage("POST /admin/shops/:id/reinstate", { params });
    case "reject":
      return callWithMessage("POST /admin/shops/:id/reject", { params, body: { reason: a.reason } });
    case "suspend":
      return callWithMessage("POST /admin/shops/:id/suspend", { params, body: { reason: a.reason } });
  }
}

/** Approves, rejects, suspends or reinstates a shop. Errors are the caller's (a reason's field error shows under it). */
export function useShopAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendShopAction,
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.shopLists });
      // The shop joins or leaves the storefront's lists, and its products with it.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}

export function useShopCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rate }: { id: number; rate: number }) =>
      callWithMessage("PUT /admin/shops/:id/commission", { params: { id }, body: { commission_rate: rate } }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.shopLists });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}

// ---- outgoing mail ----

export const mailKeys = { lists: keyOf("GET /admin/mail") };

export const useAdminMail = (page: number, status: OutboxStatus | undefined) =>
  useQuery({
    ...queryOf("GET /admin/mail", { query: { page, per_page: PAGINATION_PER_PAGE, status } }),
    placeholderData: keepPreviousData,
  });

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callWithMessage("POST /admin/mail/:id/retry", { params: { id } }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: mailKeys.lists });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}
