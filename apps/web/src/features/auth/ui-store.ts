import { create } from "zustand";

/** The auth dialogs of spec section 2; at most one is open at a time. */
export type AuthDialog = "login" | "register" | "register-otp" | "forgot" | "forgot-otp" | "forgot-send" | "reset";

/** Where a one-time code goes: the `phone` field of /send-otp and /verify-otp (email or phone). */
export type OtpTarget = { phone: string; phone_code: string | null };

/** Which auth dialog is open, and what the code and reset dialogs need from the step before. */
type UiState = {
  authDialog: AuthDialog | null;
  /** true while the login dialog is open (kept for callers that only open the login) */
  loginOpen: boolean;
  otpTarget: OtpTarget | null;
  resetToken: string | null;
  openLogin: () => void;
  closeLogin: () => void;
  showAuthDialog: (dialog: AuthDialog, extra?: { otpTarget?: OtpTarget; resetToken?: string }) => void;
  closeAuthDialog: () => void;
};

export const useUiStore = create<UiState>()((set, get) => ({
  authDialog: null,
  loginOpen: false,
  otpTarget: null,
  resetToken: null,
  openLogin: () => get().showAuthDialog("login"),
  closeLogin: () => {
    if (get().authDialog === "login") get().closeAuthDialog();
  },
  showAuthDialog: (dialog, extra = {}) =>
    set((s) => ({
      authDialog: dialog,
      loginOpen: dialog === "login",
      otpTarget: extra.otpTarget ?? s.otpTarget,
      // The reset token lives only from the code check to the reset (or the next login).
      resetToken: extra.resetToken ?? (dialog === "reset" ? s.resetToken : null),
    })),
  closeAuthDialog: () => set({ authDialog: null, loginOpen: false, resetToken: null }),
}));
