import type { SendOtpData, SendOtpRequest, VerifyOtpData } from "@market/contract";
import { OTP_LENGTH } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError, apiRequest } from "../../api/client.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { SUCCESS_TOAST, showApiError } from "./api.ts";
import { FieldError, SubmitButton } from "./fields.tsx";
import { OtpInput } from "./otp-input.tsx";
import { type OtpTarget, useUiStore } from "./ui-store.ts";
import { useCountdown } from "./use-countdown.ts";

type Props = {
  /** register: verifies the new account; forgot: answers the password-reset token */
  purpose: "register" | "forgot";
  target: OtpTarget;
  /** true when the step before did not send a code yet (registration) */
  sendOnOpen: boolean;
  onClose: () => void;
};

/** An email as it is; a phone number with its dialling code. */
const shownTarget = (t: OtpTarget) =>
  // Isolated left to right, so an address or number reads correctly inside right-to-left text.
  `\u2066${t.phone.includes("@") || !t.phone_code ? t.phone : `${t.phone_code} ${t.phone}`}\u2069`;

const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** The code dialog: the digit boxes, a 60 s countdown after each send, 'Resend OTP' at zero. */
export function OtpDialog({ purpose, target, sendOnOpen, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const show = useUiStore((s) => s.showAuthDialog);
  const countdown = useCountdown();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();

  const send = useMutation({
    mutationFn: () => {
      const body: SendOtpRequest = { ...target, forgot_password: purpose === "forgot" ? 1 : null };
      return apiRequest<SendOtpData>("POST", "/send-otp", { body });
    },
    onSuccess: (res) => {
      countdown.start();
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => showApiError(e),
  });

  const verify = useMutation({
    mutationFn: (otp: string) => apiRequest<VerifyOtpData>("POST", "/verify-otp", { body: { ...target, otp } }),
    onSuccess: (res) => {
      toast.success(res.message, SUCCESS_TOAST);
      if (purpose === "forgot" && res.data.token) show("reset", { resetToken: res.data.token });
      else {
        void queryClient.invalidateQueries({ queryKey: ["account"] });
        onClose();
      }
    },
    onError: (e) => {
      setError(e instanceof ApiError ? e.fieldError("otp") : undefined);
      showApiError(e);
    },
  });

  // Each open sends (registration) or follows a send (forgot password) exactly once, StrictMode or not.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (sendOnOpen) send.mutate();
    else countdown.start();
  }, [sendOnOpen, send, countdown]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete.test(code)) verify.mutate(code);
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("auth.enter_otp")}
      description={t("auth.otp_sent_to", { target: shownTarget(target) })}
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
              disabled={send.isPending}
              className="font-semibold text-primary-700 hover:underline disabled:opacity-60"
            >
              {t("auth.resend_otp")}
            </button>
          ) : (
            <span>{t("auth.resend_in", { seconds: countdown.remaining })}</span>
          )}
        </div>
        <SubmitButton busy={verify.isPending} disabled={!complete.test(code)}>
          {t("auth.confirm_otp")}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
