import type { InputOf, TicketDetails, TicketStatus } from "@market/contract";
import { PAGINATION_PER_PAGE } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiBlob, call, callWithMessage, keyOf } from "../../api/client.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";

const listInput = (page: number, status: TicketStatus | undefined): InputOf<"GET /support-tickets"> => ({
  query: { page, per_page: PAGINATION_PER_PAGE, status },
});

export const supportKeys = {
  issueTypes: keyOf("GET /ticket-issue-types", {}),
  lists: keyOf("GET /support-tickets"),
  list: (page: number, status: TicketStatus | undefined) => keyOf("GET /support-tickets", listInput(page, status)),
  ticket: (ticketNumber: string) => keyOf("GET /support-ticket/:ticketNumber", { params: { ticketNumber } }),
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
    queryFn: ({ signal }) => call("GET /support-tickets", listInput(page, status), { signal }),
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
      void queryClient.invalidateQueries({ queryKey: supportKeys.lists });
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
      void queryClient.invalidateQueries({ queryKey: supportKeys.lists });
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => {
      // Closed meanwhile: the page reads the ticket again, so it shows closed without its form.
      if (e instanceof ApiError && e.code === "conflict")
        void queryClient.invalidateQueries({ queryKey: supportKeys.ticket(ticketNumber) });
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
