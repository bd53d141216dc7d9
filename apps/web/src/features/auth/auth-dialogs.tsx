import { ForgotPasswordDialog } from "./forgot-password-dialog.tsx";
import { LoginDialog } from "./login-dialog.tsx";
import { OtpDialog } from "./otp-dialog.tsx";
import { RegisterDialog } from "./register-dialog.tsx";
import { ResetPasswordDialog } from "./reset-password-dialog.tsx";
import { useUiStore } from "./ui-store.ts";

/**
 * The auth dialogs, app-wide, from the one `authDialog` flag. Each mounts when it opens, so a
 * reopened form starts empty; closing any of them hides it (spec section 4).
 */
export function AuthDialogs() {
  const dialog = useUiStore((s) => s.authDialog);
  const otpTarget = useUiStore((s) => s.otpTarget);
  const resetToken = useUiStore((s) => s.resetToken);
  const close = useUiStore((s) => s.closeAuthDialog);
  switch (dialog) {
    case "login":
      return <LoginDialog onClose={close} />;
    case "register":
      return <RegisterDialog onClose={close} />;
    case "forgot":
      return <ForgotPasswordDialog onClose={close} />;
    case "register-otp":
    case "forgot-otp":
    case "forgot-send": // a reset asked for from the account pages: the dialog sends the code itself
      if (!otpTarget) return null;
      return (
        <OtpDialog
          key={dialog}
          purpose={dialog === "register-otp" ? "register" : "forgot"}
          target={otpTarget}
          sendOnOpen={dialog !== "forgot-otp"}
          onClose={close}
        />
      );
    case "reset":
      return resetToken ? <ResetPasswordDialog token={resetToken} onClose={close} /> : null;
    default:
      return null;
  }
}
