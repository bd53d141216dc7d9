import type { TicketDetails, TicketStatus } from "@market/contract";
import { PAGINATION_PER_PAGE } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiBlob, call, callWithMessage } from "../../api/client.ts";
import { toast } from "../../ui/toast.ts";
import { SUCCESS_TOAST, showApiError } from "../auth/api.ts";

export const supportKeys = {
  all: ["support"] as const,
  issueTypes: ["support", "issue-types"] as const,
  list: (page: number, status: TicketStatus | undefined) => ["support", "tickets", page, status ?? "all"] as const,
  ticket: (ticketNumber: string) => ["support", "ticket", ticketNumber] as const,
};

export const useIssueTypes = () =>
  useQuery({
    queryKey: supportKeys.issueTypes,
    queryFn: ({ signal }) => call("GET /ticket-issue-types", {}, { signal }).then((d) => d.issue_types),
    staleTime: 10 * 60_000,
  });

export const useTickets = (page: number, status: TicketStatus | undefined) =>
  useQuery({
    queryKey: supportKeys.list(page, status),
    queryFn: ({ signal }) =>
      call("GET /support-tickets", { query: { page, per_page: PAGINATION_PER_PAGE, status } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTicket = (ticketNumber: string) =>
  useQuery({
    queryKey: supportKeys.ticket(ticketNumber),
    queryFn: ({ signal }) => call("GET /support-ticket/:ticketNumber", { params: { ticketNumber } }, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.code === "not_found") && count < 2,
  });

/** Opens a ticket from the form's multipart body; the list shows it at once. */
export function useCreateTicket(onCreated: (ticket: TicketDetails) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callWithMessage("POST /support-ticket/store", { form }),
    onSuccess: (res) => {
      queryClient.setQueryData(supportKeys.ticket(res.data.ticket_number), res.data);
      void queryClient.invalidateQueries({ queryKey: [...supportKeys.all, "tickets"] });
      toast.success(res.message, SUCCESS_TOAST);
      onCreated(res.data);
    },
  });
}

/** The shopper's reply; the answer is the whole conversation, so the page shows it without refetching. */
export function useReplyTicket(ticketNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      callWithMessage("POST /support-ticket/:ticketNumber/message", { params: { ticketNumber }, form }),
    onSuccess: (res) => {
      queryClient.setQueryData(supportKeys.ticket(ticketNumber), res.data);
      // The list is ordered by latest activity.
      void queryClient.invalidateQueries({ queryKey: [...supportKeys.all, "tickets"] });
      toast.success(res.message, SUCCESS_TOAST);
    },
  });
}

/**
 * Attachments are not public files: they are fetched with the bearer token and handed to the
 * browser as a download, so no link to them works for anyone else.
 */
export async function downloadAttachment(path: string, fileName: string): Promise<void> {
  try {
    const blob = await apiBlob(path);
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    showApiError(e);
  }
}
