import type {
  AdminShop,
  AdminTicketDetails,
  AdminTicketSummary,
  Paginated,
  ShopStatus,
  TicketStatus,
} from "@market/contract";
import { PAGINATION_PER_PAGE } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../api/client.ts";
import { toast } from "../../ui/toast.ts";
import { SUCCESS_TOAST, showApiError } from "../auth/api.ts";

export const adminKeys = {
  tickets: (page: number, status: TicketStatus | undefined) => ["admin", "tickets", page, status ?? "all"] as const,
  ticket: (ticketNumber: string) => ["admin", "ticket", ticketNumber] as const,
  shops: (page: number, status: ShopStatus | undefined) => ["admin", "shops", page, status ?? "all"] as const,
};

const ticketPath = (ticketNumber: string) => `/admin/support-tickets/${encodeURIComponent(ticketNumber)}`;
export const adminAttachmentPath = (ticketNumber: string, id: number) =>
  `${ticketPath(ticketNumber)}/attachments/${id}`;

export const useAdminTickets = (page: number, status: TicketStatus | undefined) =>
  useQuery({
    queryKey: adminKeys.tickets(page, status),
    queryFn: ({ signal }) =>
      api.get<Paginated<AdminTicketSummary>>("/admin/support-tickets", {
        signal,
        query: { page, per_page: PAGINATION_PER_PAGE, status },
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminTicket = (ticketNumber: string) =>
  useQuery({
    queryKey: adminKeys.ticket(ticketNumber),
    queryFn: ({ signal }) => api.get<AdminTicketDetails>(ticketPath(ticketNumber), { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
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
      void queryClient.invalidateQueries({ queryKey: ["admin", "tickets"] });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}

export const useAdminReply = (ticketNumber: string) =>
  useTicketWrite(ticketNumber, (body: FormData) =>
    apiRequest<AdminTicketDetails>("POST", `${ticketPath(ticketNumber)}/message`, { body }),
  );

export const useTicketStatus = (ticketNumber: string) =>
  useTicketWrite(ticketNumber, (status: TicketStatus) =>
    apiRequest<AdminTicketDetails>("POST", `${ticketPath(ticketNumber)}/status`, { body: { status } }),
  );

export const useAdminShops = (page: number, status: ShopStatus | undefined) =>
  useQuery({
    queryKey: adminKeys.shops(page, status),
    queryFn: ({ signal }) =>
      api.get<Paginated<AdminShop>>("/admin/shops", { signal, query: { page, per_page: PAGINATION_PER_PAGE, status } }),
    placeholderData: keepPreviousData,
  });

export function useApproveShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<AdminShop>("POST", `/admin/shops/${id}/approve`, { body: {} }),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ["admin", "shops"] });
      // An approved shop joins the storefront's shop lists.
      void queryClient.invalidateQueries({ queryKey: ["catalog"] });
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => showApiError(e),
  });
}
