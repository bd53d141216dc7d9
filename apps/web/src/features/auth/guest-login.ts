import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "../../api/client.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useStartSession } from "./api.ts";
import { forgetGuest, storedGuest, storeGuest } from "./guest-credentials.ts";

/**
 * Guest login (spec section 4): stored guest credentials sign the same guest in again (same
 * account, same cart); without them the server creates a guest and answers its credentials once.
 */
export function useGuestLogin(onSuccess?: () => void) {
  const { t } = useTranslation();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async () => {
      const stored = storedGuest();
      if (stored) {
        try {
          return await call("POST /guest_login", { body: stored });
        } catch (e) {
          // Credentials the server no longer knows (a reset database, a removed guest) are dropped
          // and a new guest is made; any other failure is shown as it is.
          if (!(e instanceof ApiError && e.code === "validation_failed")) throw e;
          forgetGuest();
        }
      }
      return call("POST /guest_login", { body: { phone: null, password: null } });
    },
    onSuccess: (data) => {
      storeGuest(data);
      startSession(data);
      toast.success(t("auth.guest_login_successful"), SUCCESS_TOAST);
      onSuccess?.();
    },
    onError: (e) => {
      toast.error((e instanceof ApiError && e.message) || t("auth.guest_login_failed"));
    },
  });
}
