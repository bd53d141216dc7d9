import { useQuery } from "@tanstack/react-query";
import { queryOf } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";

/** The shop the signed-in seller or staff member acts for, their role and the areas it opens. */
export function useSellerMe() {
  const isSeller = useAuthStore((s) => s.user?.role === "seller");
  return useQuery({ ...queryOf("GET /seller/me", {}), enabled: isSeller, retry: false, staleTime: 60_000 });
}
