import type { SendOtpRequest } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { callWithMessage } from "../../api/client.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/use-master.ts";
import { SUCCESS_TOAST, showApiError, useCountries } from "./api.ts";
import { digitsOnly, LinkButton, PhoneCode, SelectField, SubmitButton, TextField } from "./fields.tsx";
import { useUiStore } from "./ui-store.ts";

type ForgotForm = { country: string; phone_code: string; phone: string };

/** Forgot Password: country plus the email or phone that `forgot_otp_type` names (spec section 4). */
export function ForgotPasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const { data: countries = [] } = useCountries();
  const show = useUiStore((s) => s.showAuthDialog);
  const byEmail = (master?.forgot_otp_type ?? "email") === "email";
  const form = useForm<ForgotForm>({ defaultValues: { country: "", phone_code: "", phone: "" } });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: (v: ForgotForm) => {
      const body: SendOtpRequest = { phone: v.phone.trim(), phone_code: v.phone_code || null, forgot_password: 1 };
      return callWithMessage("POST /send-otp", { body });
    },
    onSuccess: (res, v) => {
      toast.success(res.message, SUCCESS_TOAST);
      // This dialog closes and the code dialog opens with its countdown running.
      show("forgot-otp", { otpTarget: { phone: v.phone.trim(), phone_code: v.phone_code || null } });
    },
    onError: (e) => showApiError(e, form.setError, ["phone", "phone_code"]),
  });

  const country = form.register("country", {
    validate: (v) => v.trim() !== "" || t("auth.country_required"),
    onChange: (e) => {
      const chosen = countries.find((c) => c.name === e.target.value);
      form.setValue("phone_code", chosen?.phone_code ?? "");
    },
  });
  const phone = form.register("phone", { validate: (v) => v.trim() !== "" || t("auth.phone_or_email_required") });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("auth.forgot_password")}
      description={t(byEmail ? "auth.forgot_password_text_email" : "auth.forgot_password_text_phone")}
    >
      <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))} className="mt-5 space-y-4">
        <SelectField label={t("auth.country")} error={errors.country?.message} {...country}>
          <option value="">{t("auth.select_country")}</option>
          {countries.map((c) => (
            <option key={c.id} value={c.name}>
              {c.name}
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
            addon={<PhoneCode code={form.watch("phone_code")} />}
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
