import { sendOtpBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { callWithMessage } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { digitsOnly, LinkButton, PhoneCode, SelectField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { useCountryOptions } from "./api.ts";
import { useUiStore } from "./ui-store.ts";

/** Forgot Password: country plus the email or phone that `forgot_otp_type` names (spec section 4). */
export function ForgotPasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const countries = useCountryOptions();
  const show = useUiStore((s) => s.showAuthDialog);
  const byEmail = (master?.forgot_otp_type ?? "email") === "email";
  // The send-otp body's phone and phone code, plus the country they come from (only the dialog
  // needs it); the spec gives the two "required" messages in its own words.
  const schema = useMemo(
    () =>
      sendOtpBody.pick({ phone_code: true }).extend({
        country: z.string().trim().min(1, t("auth.country_required")),
        phone: z.string().trim().min(1, t("auth.phone_or_email_required")).pipe(sendOtpBody.shape.phone),
      }),
    [t],
  );
  const form = useForm({
    resolver: useContractResolver(schema),
    defaultValues: { country: "", phone_code: "", phone: "" },
  });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: (v: z.output<typeof schema>) =>
      callWithMessage("POST /send-otp", { body: { phone: v.phone, phone_code: v.phone_code, forgot_password: 1 } }),
    onSuccess: (res, v) => {
      toast.success(res.message, SUCCESS_TOAST);
      // This dialog closes and the code dialog opens with its countdown running.
      show("forgot-otp", { otpTarget: { phone: v.phone, phone_code: v.phone_code } });
    },
    onError: (e) => showApiError(e, form.setError, ["phone", "phone_code"]),
  });

  const country = form.register("country", {
    onChange: (e) => {
      const chosen = countries.find((c) => c.name === e.target.value);
      form.setValue("phone_code", chosen?.phone_code ?? "", { shouldValidate: form.formState.isSubmitted });
    },
  });
  const phone = form.register("phone");

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("auth.forgot_password")}
      description={t(byEmail ? "auth.forgot_password_text_email" : "auth.forgot_password_text_phone")}
    >
      <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))} className="mt-5 space-y-4">
        <SelectField label={t("auth.country")} error={errors.country?.message} data-autofocus="" {...country}>
          <option value="">{t("auth.select_country")}</option>
          {countries.map((c) => (
            <option key={c.id} value={c.name}>
              {c.label}
            </option>
          ))}
        </SelectField>
        {byEmail ? (
          <TextField
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            error={errors.phone?.message}
            {...phone}
          />
        ) : (
          <TextField
            label={t("auth.phone")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            addon={<PhoneCode code={form.watch("phone_code") ?? ""} />}
            error={errors.phone?.message ?? errors.phone_code?.message}
            {...phone}
            onChange={digitsOnly(phone.onChange)}
          />
        )}
        <SubmitButton busy={send.isPending}>{t("auth.send_otp")}</SubmitButton>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        <LinkButton onClick={() => show("login")}>{t("auth.back_to_login")}</LinkButton>
      </p>
    </Dialog>
  );
}
