import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { callWithMessage } from "../../api/client.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { LinkButton } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { useProfile } from "./api.ts";
import { type OtpTarget, useUiStore } from "./ui-store.ts";
import { codeTarget } from "./verify-notice.tsx";

/**
 * "Forgot Password?" under a signed-in form's current password: the reset code goes to the
 * account's own email (or phone), then the code and new-password dialogs follow. It is how an
 * account made by Google, Facebook or Apple, which has no password it knows, sets one.
 */
export function ForgotCurrentPassword() {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const { data: user } = useProfile();
  const show = useUiStore((s) => s.showAuthDialog);
  const target = user ? codeTarget(user, master?.forgot_otp_type) : null;
  const send = useMutation({
    mutationFn: (to: OtpTarget) => callWithMessage("POST /send-otp", { body: { ...to, forgot_password: 1 } }),
    onSuccess: (res, to) => {
      toast.success(res.message, SUCCESS_TOAST);
      show("forgot-otp", { otpTarget: to });
    },
    onError: (e) => showApiError(e),
  });
  if (!target?.phone) return null;
  return (
    <p className="text-sm">
      <LinkButton disabled={send.isPending} onClick={() => send.mutate(target)}>
        {t("auth.forgot_password_link")}
      </LinkButton>
    </p>
  );
}
