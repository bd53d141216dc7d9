import { TOAST_CART_MS } from "@market/contract";
import type { toast as sonnerToast } from "sonner";
import { create } from "zustand";

// sonner adds its style sheet to the page as it is imported, which restyles the whole page (on a
// phone ~120 ms of a catalogue page's start). So sonner and the Toaster (app.tsx) load with the
// first toast, and the app's toasts go through here; sonner shows toasts raised before its Toaster
// subscribed.
type Toast = typeof sonnerToast;
type Kind = "success" | "error" | "warning" | "custom" | "dismiss";

/** Whether a toast was raised, so the Toaster is mounted. */
export const useToasterWanted = create(() => false);

const later =
  <K extends Kind>(kind: K) =>
  (...args: Parameters<Toast[K]>): void => {
    useToasterWanted.setState(true, true);
    void import("sonner").then(({ toast }) => (toast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args));
  };

export const toast = {
  success: later("success"),
  error: later("error"),
  warning: later("warning"),
  custom: later("custom"),
  dismiss: later("dismiss"),
};

/** Success toasts last 3 s (spec section 9). */
export const SUCCESS_TOAST = { duration: TOAST_CART_MS } as const;

/** The one toast that says a session is over (ended, or "Please login first!" after a 401): each replaces the other. */
export const SESSION_TOAST = { id: "session-ended" } as const;
