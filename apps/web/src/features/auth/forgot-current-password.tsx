import { useTranslation } from "react-i18next";
import { LinkButton } from "../../ui/fields.tsx";
import { useMaster } from "../settings/index.ts";
import { useProfile } from "./api.ts";
import { useUiStore } from "./ui-store.ts";
import { codeTarget } from "./verify-notice.tsx";

/**
 * "Forgot Password?" under a signed-in form's current password: the code dialog sends a reset code
 * to the account's own email (or phone) and says whether it went, then the new-password dialog
 * follows. It is how an account made by Google, Facebook or Apple, which has no password it knows,
 * sets one. The dialogs are the app's (AuthDialogs), outside the form this link sits in.
 */
export function ForgotCurrentPassword() {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const { data: user } = useProfile();
  const show = useUiStore((s) => s.showAuthDialog);
  const target = user ? codeTarget(user, master?.forgot_otp_type) : null;
  if (!target?.phone) return null;
  return (
    <p className="text-sm">
      <LinkButton onClick={() => show("forgot-send", { otpTarget: target })}>
        {t("auth.forgot_password_link")}
      </LinkButton>
    </p>
  );
}
