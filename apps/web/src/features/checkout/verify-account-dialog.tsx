import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/dialog.tsx";
import { OtpCodeForm, type OtpSendState, otpSendWords, shownTarget, useProfile, verifyTarget } from "../auth/index.ts";
import { useMaster } from "../settings/index.ts";

/**
 * The one-time-code dialog of checkout: when the shop requires a verified account before an order
 * (`order_place_account_verify`), a code goes to the account's email (or phone) and, once it is
 * confirmed, the order is placed. Its words follow the send: a refused send is not called sent.
 */
export function VerifyAccountDialog({ onVerified, onClose }: { onVerified: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const { data: user } = useProfile();
  const [sendState, setSendState] = useState<OtpSendState>("sending");
  const target = user ? verifyTarget(user, master) : null;
  const description = otpSendWords("orders.verify_account_text");

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("orders.verify_account")}
      description={t(description[sendState], { target: target ? shownTarget(target) : "" })}
    >
      <OtpCodeForm
        target={target}
        sendOnOpen
        submitLabel={t("orders.verify_and_place")}
        onSendState={setSendState}
        onVerified={onVerified}
      />
    </Dialog>
  );
}
