import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, call, queryOf } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { sessionUser } from "../auth/index.ts";

/** The shop the signed-in seller or staff member acts for, their role and the areas it opens. */
export function useSellerMe() {
  const isSeller = useAuthStore((s) => s.user?.role === "seller");
  const me = useQuery({ ...queryOf("GET /seller/me", {}), enabled: isSeller, retry: false, staleTime: 60_000 });
  const refused = me.error instanceof ApiError && me.error.code === "forbidden";
  useEffect(() => {
    if (!refused) return;
    // Removed from their shop's staff, the account is a shopper's again: the session learns its role,
    // so the Seller Centre says "This account does not own or work for a shop." and stops asking.
    void call("GET /user", {})
      .then(({ user }) => useAuthStore.getState().setUser(sessionUser(user)))
      .catch(() => undefined);
  }, [refused]);
  return me;
}
