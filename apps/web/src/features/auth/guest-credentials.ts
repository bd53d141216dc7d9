import type { GuestLoginData } from "@market/contract";
import { STORAGE_KEYS } from "@market/contract";
import { ApiError, callWithMessage } from "../../api/client.ts";

// The guest credentials this device keeps (spec section 4), and what they still open once the
// shopper signs in to an account of their own: the guest's cart and wishlist.

export function storedGuest(): { phone: string; password: string } | null {
  try {
    const phone = localStorage.getItem(STORAGE_KEYS.guestEmail);
    const password = localStorage.getItem(STORAGE_KEYS.guestPassword);
    return phone && password ? { phone, password } : null;
  } catch {
    return null;
  }
}

export function storeGuest(data: GuestLoginData) {
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
 * Moves the cart and wishlist of the guest this device signed in as into the account just signed in
 * to; answers the server's message when something was added. Credentials the server refuses are dropped; any
 * other failure leaves the guest's cart where it is, for the next sign-in.
 */
export async function mergeGuest(): Promise<string | null> {
  const guest = storedGuest();
  if (!guest) return null;
  try {
    const { message, data } = await callWithMessage("POST /cart/merge-guest", { body: guest });
    return data.added > 0 || data.favorites_added > 0 ? message : null;
  } catch (e) {
    if (e instanceof ApiError && e.code === "validation_failed") forgetGuest();
    return null;
  }
}
