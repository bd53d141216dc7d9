import type { AuthUser, Master } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { useMaster } from "../settings/index.ts";
import { useProfile } from "./api.ts";
import { GuestUpgradeCard } from "./guest-upgrade.tsx";
import { shownTarget } from "./otp-code-form.tsx";
import { OtpDialog } from "./otp-dialog.tsx";
import type { OtpTarget } from "./ui-store.ts";

/** Where a code goes for this account: the channel the settings name, if it has one, else its email. */
export function codeTarget(user: AuthUser, channel: "email" | "phone" | undefined): OtpTarget {
  return (channel === "phone" || !user.email) && user.phone
    ? { phone: user.phone, phone_code: user.phone_code }
    : { phone: user.email ?? "", phone_code: null };
}

/** Where the site's verification code goes for this account. */
export function verifyTarget(user: AuthUser, master: Pick<Master, "register_otp_type"> | undefined): OtpTarget {
  return codeTarget(user, master?.register_otp_type);
}

/**
 * Asks an unverified account to verify when the site requires it (codes at sign-up, or a verified
 * account before an order). "Resend code" sends one and opens the code entry, which says whether a
 * code was sent or why not.
 */
export function VerifyNotice({ forOrders = false }: { forOrders?: boolean }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const { data: user } = useProfile();
  const [open, setOpen] = useState(false);
  // At checkout only the order's own rule matters; in the account area either rule asks.
  const required = master?.order_place_account_verify || (!forOrders && master?.register_otp_verify);
  if (!user || user.is_guest || user.is_verified || !required) return null;
  const target = verifyTarget(user, master);
  if (!target.phone) return null;
  return (
    <section
      aria-labelledby="verify-notice-title"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <p id="verify-notice-title" className="font-semibold text-slate-900">
          {t("auth.verify_notice_title")}
        </p>
        <p className="mt-1 text-sm text-slate-700">{t("auth.verify_notice_text", { target: shownTarget(target) })}</p>
      </div>
      <Button type="button" onClick={() => setOpen(true)} variant="outline" className="shrink-0">
        {t("auth.resend_code")}
      </Button>
      {open && <OtpDialog purpose="register" target={target} sendOnOpen onClose={() => setOpen(false)} />}
    </section>
  );
}

/** What the account area asks of the user first: a guest to create an account, an unverified account to verify. */
export function AccountNotices() {
  const { data: user } = useProfile();
  if (!user) return null;
  return user.is_guest ? <GuestUpgradeCard /> : <VerifyNotice />;
}
