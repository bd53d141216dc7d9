import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/dialog.tsx";
import { OtpCodeForm, type OtpSendState, otpSendWords, shownTarget } from "./otp-code-form.tsx";
import { type OtpTarget, useUiStore } from "./ui-store.ts";

type Props = {
  /** register: verifies the new account; forgot: answers the password-reset token */
  purpose: "register" | "forgot";
  target: OtpTarget;
  /** true when the step before did not send a code yet (registration) */
  sendOnOpen: boolean;
  onClose: () => void;
};

/** The code dialog of registration and of a forgotten password. */
export function OtpDialog({ purpose, target, sendOnOpen, onClose }: Props) {
  const { t } = useTranslation();
  const show = useUiStore((s) => s.showAuthDialog);
  // Without a send on opening, the step before has just sent the code.
  const [sendState, setSendState] = useState<OtpSendState>(sendOnOpen ? "sending" : "sent");
  const description = otpSendWords("auth.otp_sent_to");
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("auth.enter_otp")}
      description={t(description[sendState], { target: shownTarget(target) })}
    >
      <OtpCodeForm
        target={target}
        forgot={purpose === "forgot"}
        sendOnOpen={sendOnOpen}
        submitLabel={t("auth.confirm_otp")}
        onSendState={setSendState}
        onVerified={(data) =>
          purpose === "forgot" && data.token ? show("reset", { resetToken: data.token }) : onClose()
        }
      />
    </Dialog>
  );
}
