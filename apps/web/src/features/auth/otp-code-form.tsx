import type { SendOtpRequest, VerifyOtpData } from "@market/contract";
import { OTP_LENGTH } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, callWithMessage } from "../../api/client.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { FieldError, SubmitButton } from "../../ui/fields.tsx";
import { phoneWithCode } from "../../ui/phone-link.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { OtpInput } from "./otp-input.tsx";
import type { OtpTarget } from "./ui-store.ts";
import { useCountdown } from "./use-countdown.ts";

/** An email as it is; a phone number with its dialling code. */
export const shownTarget = (t: OtpTarget) =>
  // Isolated left to right, so an address or number reads correctly inside right-to-left text.
  `\u2066${t.phone.includes("@") ? t.phone : phoneWithCode(t)}\u2069`;

const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`);

type Props = {
  /** Where the code goes; null until it is known. */
  target: OtpTarget | null;
  /** The code answers a forgotten password instead of verifying the account. */
  forgot?: boolean;
  /** Send a code as the form opens; false when the step before has just sent one. */
  sendOnOpen: boolean;
  submitLabel: string;
  onVerified: (data: VerifyOtpData) => void;
  /** Each send's outcome, so the words around the form say a code was sent only when one was. */
  onSendState?: (state: OtpSendState) => void;
};

/**
 * sending: asked for; sent: the server sent one; recent: it sent one less than a minute ago, which
 * still works (no new one); failed: it refused (its message shows in the form).
 */
export type OtpSendState = "sending" | "sent" | "recent" | "failed";

/** The words above a code form for each send state (`sent`: the dialog's own), each naming `{{target}}`. */
export const otpSendWords = (sent: string): Record<OtpSendState, string> => ({
  sending: "auth.otp_sending_to",
  sent,
  recent: "auth.otp_recently_sent_to",
  failed: "auth.otp_not_sent_to",
});

/** The code entry: the digit boxes, a 60 s countdown after each send, 'Resend OTP' at zero, and confirm. */
export function OtpCodeForm({ target, forgot = false, sendOnOpen, submitLabel, onVerified, onSendState }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const countdown = useCountdown();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  // Why the last send was refused (a 429's "try again in …"), said where the countdown would be.
  const [sendError, setSendError] = useState<string>();

  const send = useMutation({
    mutationFn: () => {
      const body: SendOtpRequest = { ...(target as OtpTarget), forgot_password: forgot ? 1 : null };
      return callWithMessage("POST /send-otp", { body });
    },
    onMutate: () => {
      setSendError(undefined);
      onSendState?.("sending");
    },
    onSuccess: (res) => {
      countdown.start();
      onSendState?.("sent");
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => {
      // The code sent less than a minute ago still works: wait for it as after a send.
      if (e instanceof ApiError && e.code === "code_recently_sent") {
        countdown.start(e.retryAfter);
        onSendState?.("recent");
        return;
      }
      setSendError(e instanceof ApiError && e.message ? e.message : t("auth.otp_not_sent"));
      onSendState?.("failed");
      showApiError(e);
    },
  });

  const verify = useMutation({
    mutationFn: (otp: string) => callWithMessage("POST /verify-otp", { body: { ...(target as OtpTarget), otp } }),
    onSuccess: (res) => {
      toast.success(res.message, SUCCESS_TOAST);
      // A verified account shows as verified at once.
      if (!forgot) void queryClient.invalidateQueries({ queryKey: queryScopes.account });
      onVerified(res.data);
    },
    onError: (e) => {
      setError(e instanceof ApiError ? e.fieldError("otp") : undefined);
      showApiError(e);
    },
  });

  // Each opening sends (or follows a send) exactly once, once the address is known, StrictMode or not.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !target?.phone) return;
    opened.current = true;
    if (sendOnOpen) send.mutate();
    else countdown.start();
  }, [target?.phone, sendOnOpen, send, countdown]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete.test(code)) verify.mutate(code);
  };

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-4">
      <OtpInput
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(undefined);
        }}
        focusFirst
      />
      <div className="text-center">
        <FieldError message={error} />
      </div>
      <div className="space-y-2 text-center text-sm text-slate-600" aria-live="polite">
        {sendError && (
          <p role="alert" className="text-red-600">
            {sendError}
          </p>
        )}
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
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
