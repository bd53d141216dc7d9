import type { SendOtpData, SendOtpRequest } from "@market/contract";
import { OTP_LENGTH } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError, apiRequest } from "../../api/client.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { SUCCESS_TOAST, showApiError, useProfile } from "../auth/api.ts";
import { FieldError, SubmitButton } from "../auth/fields.tsx";
import { OtpInput } from "../auth/otp-input.tsx";
import { useCountdown } from "../auth/use-countdown.ts";
import { useMaster } from "../settings/use-master.ts";

const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * The one-time-code dialog of checkout: when the shop requires a verified account before an order
 * (`order_place_account_verify`), a code goes to the account's email (or phone) and, once it is
 * confirmed, the order is placed.
 */
export function VerifyAccountDialog({ onVerified, onClose }: { onVerified: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: master } = useMaster();
  const { data: user } = useProfile();
  const countdown = useCountdown();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const byPhone = master?.register_otp_type === "phone" && !!user?.phone;
  const target = user
    ? byPhone
      ? { phone: user.phone ?? "", phone_code: user.phone_code }
      : { phone: user.email ?? "", phone_code: null }
    : null;

  const send = useMutation({
    mutationFn: () => {
      const body: SendOtpRequest = { ...(target as NonNullable<typeof target>), forgot_password: null };
      return apiRequest<SendOtpData>("POST", "/send-otp", { body });
    },
    onSuccess: (res) => {
      countdown.start();
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => showApiError(e),
  });

  const verify = useMutation({
    mutationFn: (otp: string) => apiRequest<unknown>("POST", "/verify-otp", { body: { ...target, otp } }),
    onSuccess: (res) => {
      toast.success(res.message, SUCCESS_TOAST);
      void queryClient.invalidateQueries({ queryKey: ["account"] });
      onVerified();
    },
    onError: (e) => {
      setError(e instanceof ApiError ? e.fieldError("otp") : undefined);
      showApiError(e);
    },
  });

  // One code per opening, once the account's address is known (StrictMode or not).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !target?.phone) return;
    sent.current = true;
    send.mutate();
  }, [target?.phone, send]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete.test(code)) verify.mutate(code);
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("orders.verify_account")}
      description={t("orders.verify_account_text", {
        // Isolated left to right, so an address or number reads correctly inside right-to-left text.
        target: target ? `\u2066${target.phone_code ? `${target.phone_code} ` : ""}${target.phone}\u2069` : "",
      })}
    >
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <OtpInput
          value={code}
          onChange={(v) => {
            setCode(v);
            setError(undefined);
          }}
          autoFocus
        />
        <div className="text-center">
          <FieldError message={error} />
        </div>
        <div className="text-center text-sm text-slate-600" aria-live="polite">
          {countdown.done ? (
            <button
              type="button"
              onClick={() => send.mutate()}
              disabled={send.isPending || !target}
              className="font-semibold text-primary-700 hover:underline disabled:opacity-60"
            >
              {t("auth.resend_otp")}
            </button>
          ) : (
            <span>{t("auth.resend_in", { seconds: countdown.remaining })}</span>
          )}
        </div>
        <SubmitButton busy={verify.isPending} disabled={!complete.test(code)}>
          {t("orders.verify_and_place")}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
