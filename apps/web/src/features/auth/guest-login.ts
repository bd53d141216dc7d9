import type { GuestLoginData } from "@market/contract";
import { STORAGE_KEYS } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "../../api/client.ts";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useStartSession } from "./api.ts";

function storedGuest(): { phone: string; password: string } | null {
  try {
    const phone = localStorage.getItem(STORAGE_KEYS.guestEmail);
    const password = localStorage.getItem(STORAGE_KEYS.guestPassword);
    return phone && password ? { phone, password } : null;
  } catch {
    return null;
  }
}

function storeGuest(data: GuestLoginData) {
  localStorage.setItem(STORAGE_KEYS.guestTempId, data.temp_id);
  localStorage.setItem(STORAGE_KEYS.guestEmail, data.email);
  // The password is answered only when the guest is created; a returning guest keeps the stored one.
  if (data.password) localStorage.setItem(STORAGE_KEYS.guestPassword, data.password);
}

/** Drops the stored guest credentials (and the contact the guest gave): a new guest, or no guest any more. */
export function forgetGuest() {
  for (const key of [
    STORAGE_KEYS.guestTempId,
    STORAGE_KEYS.guestEmail,
    STORAGE_KEYS.guestPassword,
    STORAGE_KEYS.guestContact,
  ]) {
    localStorage.removeItem(key);
  }
}

/** The email or phone the guest gave at its last checkout, or "". */
export function storedGuestContact(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.guestContact) ?? "";
  } catch {
    return "";
  }
}

export function storeGuestContact(contact: string) {
  try {
    localStorage.setItem(STORAGE_KEYS.guestContact, contact);
  } catch {
    // Storage may be off (private mode): the contact is simply asked for again.
  }
}

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
