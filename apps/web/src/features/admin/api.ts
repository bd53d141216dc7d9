import type { AdminTicketDetails, InputOf, ShopStatus, TicketStatus } from "@market/contract";
import { PAGINATION_PER_PAGE } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, callWithMessage, keyOf, queryOf } from "../../api/client.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { catalogKeys } from "../catalog/index.ts";

const ticketsInput = (page: number, status: TicketStatus | undefined): InputOf<"GET /admin/support-tickets"> => ({
  query: { page, per_page: PAGINATION_PER_PAGE, status },
});
const shopsInput = (page: number, status: ShopStatus | undefined): InputOf<"GET /admin/shops"> => ({
  query: { page, per_page: PAGINATION_PER_PAGE, status },
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

export const useAdminShops = (page: number, status: ShopStatus | undefined) =>
  useQuery({
    ...queryOf("GET /admin/shops", shopsInput(page, status)),
    placeholderData: keepPreviousData,
  });

export function useApproveShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callWithMessage("POST /admin/shops/:id/approve", { params: { id } }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.shopLists });
      // An approved shop joins the storefront's shop lists.
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => showApiError(e),
  });
}
