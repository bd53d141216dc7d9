import type { SellerShopBody, StaffInviteBody } from "@market/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call, callWithMessage, keyOf } from "../../api/client.ts";
import { inReaderDays } from "../../lib/reader-zone.ts";

export const STAFF_PER_PAGE = 20;

const SCOPE = ["seller-shop"] as const;

// Every key of the feature starts with its scope. A profile save also refreshes the Seller Centre's
// header (`GET /seller/me` shows the shop's name, logo and opening status).
export const sellerShopKeys = {
  all: SCOPE,
  profile: [...SCOPE, ...keyOf("GET /seller/shop", {})] as const,
  dashboard: [...SCOPE, ...keyOf("GET /seller/dashboard", { query: inReaderDays() })] as const,
  staff: (page: number) => [...SCOPE, ...keyOf("GET /seller/staff", { query: { page } })] as const,
  invites: (page: number) => [...SCOPE, ...keyOf("GET /seller/invites", { query: { page } })] as const,
  invite: (token: string) => [...SCOPE, ...keyOf("GET /staff-invites/:token", { params: { token } })] as const,
};

const noRetryOnClientError = (count: number, e: unknown) => count < 2 && !(e instanceof ApiError && e.status < 500);

export function useShopProfile() {
  return useQuery({
    queryKey: sellerShopKeys.profile,
    queryFn: ({ signal }) => call("GET /seller/shop", {}, { signal }),
    retry: noRetryOnClientError,
    // A form being edited is not replaced by a refetch behind the seller's back.
    refetchOnWindowFocus: false,
  });
}

export function useSaveShopProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerShopBody) => callWithMessage("PUT /seller/shop", { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(sellerShopKeys.profile, data);
      void queryClient.invalidateQueries({ queryKey: keyOf("GET /seller/me") });
    },
  });
}

export function useUploadShopImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, file }: { field: "logo" | "banner"; file: File }) => {
      const form = new FormData();
      form.set(field, file);
      return callWithMessage("POST /seller/shop/images", { form });
    },
    onSuccess: ({ data }) => {
      // Only the image changed: the form's other, maybe unsaved, values stay as they are.
      queryClient.setQueryData(sellerShopKeys.profile, data);
      void queryClient.invalidateQueries({ queryKey: keyOf("GET /seller/me") });
    },
  });
}

export function useShopDashboard() {
  return useQuery({
    queryKey: sellerShopKeys.dashboard,
    queryFn: ({ signal }) => call("GET /seller/dashboard", { query: inReaderDays() }, { signal }),
    retry: noRetryOnClientError,
  });
}

export function useStaffMembers(page: number) {
  return useQuery({
    queryKey: sellerShopKeys.staff(page),
    queryFn: ({ signal }) => call("GET /seller/staff", { query: { page, per_page: STAFF_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
    retry: noRetryOnClientError,
  });
}

export function useStaffInvites(page: number) {
  return useQuery({
    queryKey: sellerShopKeys.invites(page),
    queryFn: ({ signal }) => call("GET /seller/invites", { query: { page, per_page: STAFF_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
    retry: noRetryOnClientError,
  });
}

/** Staff and invitation changes refresh both lists: accepting moves a person from one to the other. */
function useStaffMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...SCOPE] }),
  });
}

export const useInviteStaff = () =>
  useStaffMutation((body: StaffInviteBody) => callWithMessage("POST /seller/invites", { body }));
export const useResendInvite = () =>
  useStaffMutation((id: number) => callWithMessage("POST /seller/invites/:id/resend", { params: { id } }));
export const useCancelInvite = () =>
  useStaffMutation((id: number) => callWithMessage("DELETE /seller/invites/:id", { params: { id } }));
export const useChangeStaffRole = () =>
  useStaffMutation(({ id, role }: { id: number; role: StaffInviteBody["role"] }) =>
    callWithMessage("PUT /seller/staff/:id", { params: { id }, body: { role } }),
  );
export const useRemoveStaff = () =>
  useStaffMutation((id: number) => callWithMessage("DELETE /seller/staff/:id", { params: { id } }));

export function useStaffInvite(token: string) {
  return useQuery({
    queryKey: sellerShopKeys.invite(token),
    queryFn: ({ signal }) => call("GET /staff-invites/:token", { params: { token } }, { signal }),
    retry: noRetryOnClientError,
    enabled: token.length >= 20,
  });
}
