import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/dialog.tsx";
import { OtpCodeForm, shownTarget, useProfile } from "../auth/index.ts";
import { useMaster } from "../settings/index.ts";

/**
 * The one-time-code dialog of checkout: when the shop requires a verified account before an order
 * (`order_place_account_verify`), a code goes to the account's email (or phone) and, once it is
 * confirmed, the order is placed.
 */
export function VerifyAccountDialog({ onVerified, onClose }: { onVerified: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const { data: user } = useProfile();
  const byPhone = master?.register_otp_type === "phone" && !!user?.phone;
  const target = user
    ? byPhone
      ? { phone: user.phone ?? "", phone_code: user.phone_code }
      : { phone: user.email ?? "", phone_code: null }
    : null;

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("orders.verify_account")}
      description={t("orders.verify_account_text", { target: target ? shownTarget(target) : "" })}
    >
      <OtpCodeForm target={target} sendOnOpen submitLabel={t("orders.verify_and_place")} onVerified={onVerified} />
    </Dialog>
  );
}
