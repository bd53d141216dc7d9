import type { ReviewsQuery } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { call, keyOf } from "../../api/client.ts";
import { catalogKeys } from "../catalog/index.ts";

export const REVIEWS_PER_PAGE = 5;
export const LIST_PER_PAGE = 10;

export const reviewKeys = {
  toReview: keyOf("GET /reviews/to-review"),
  mine: keyOf("GET /reviews/mine"),
  order: (id: number) => keyOf("GET /orders/:id/reviews", { params: { id } }),
  seller: keyOf("GET /seller/reviews"),
  admin: keyOf("GET /admin/reviews"),
};

/** The product page's reviews: under the catalogue's keys, so what changes a product refreshes them too. */
export function useProductReviews(id: number, query: ReviewsQuery) {
  const locale = useTranslation().i18n.language;
  const input = { params: { id }, query: { ...query, per_page: REVIEWS_PER_PAGE } };
  return useQuery({
    queryKey: catalogKeys.call(locale, "GET /products/:id/reviews", input),
    queryFn: ({ signal }) => call("GET /products/:id/reviews", input, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useOrderReviews = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: reviewKeys.order(orderId),
    queryFn: ({ signal }) => call("GET /orders/:id/reviews", { params: { id: orderId } }, { signal }),
    enabled,
  });

export const useToReview = (page: number) =>
  useQuery({
    queryKey: [...reviewKeys.toReview, page],
    queryFn: ({ signal }) => call("GET /reviews/to-review", { query: { page, per_page: LIST_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useMyReviews = (page: number) =>
  useQuery({
    queryKey: [...reviewKeys.mine, page],
    queryFn: ({ signal }) => call("GET /reviews/mine", { query: { page, per_page: LIST_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A review changed: the shopper's lists, the order's state and every product answer (ratings, counts). */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [reviewKeys.toReview, reviewKeys.mine, ["GET /orders/:id/reviews"], catalogKeys.all]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useSaveReview() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ id, form }: { id?: number | undefined; form: FormData }) =>
      id ? call("PUT /reviews/:id", { params: { id }, form }) : call("POST /reviews", { form }),
    onSuccess: refresh,
  });
}

export function useDeleteReview() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: number) => call("DELETE /reviews/:id", { params: { id } }),
    onSuccess: refresh,
  });
}

export function useHelpfulVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call("POST /reviews/:id/helpful", { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}

export const useReportReview = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call("POST /reviews/:id/report", { params: { id }, body: { reason } }),
  });

// ---- the Seller Centre ----

export const useSellerReviews = (page: number, filter: "all" | "unreplied") =>
  useQuery({
    queryKey: [...reviewKeys.seller, page, filter],
    queryFn: ({ signal }) =>
      call("GET /seller/reviews", { query: { page, per_page: LIST_PER_PAGE, filter } }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useReplyReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) =>
      call("POST /seller/reviews/:id/reply", { params: { id }, body: { reply } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.seller }),
  });
}

// ---- the admin console ----

export type AdminReviewFilter = "reported" | "hidden" | "kept";

export const useAdminReviews = (page: number, status: AdminReviewFilter) =>
  useQuery({
    queryKey: [...reviewKeys.admin, page, status],
    queryFn: ({ signal }) =>
      call("GET /admin/reviews", { query: { page, per_page: LIST_PER_PAGE, status } }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: "hide" | "keep" }) =>
      decision === "hide"
        ? call("POST /admin/reviews/:id/hide", { params: { id } })
        : call("POST /admin/reviews/:id/keep", { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.admin }),
  });
}
