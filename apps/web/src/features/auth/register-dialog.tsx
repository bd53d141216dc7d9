import { type RegistrationBody, registrationBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { call } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { registerInOrder, showApiError } from "../../lib/show-api-error.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { LinkButton, PasswordField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster, useWithPhoneLength } from "../settings/index.ts";
import { useStartSession } from "./api.ts";
import { CountryPhoneFields } from "./country-phone-fields.tsx";
import { SocialLogin } from "./social-login.tsx";
import { useUiStore } from "./ui-store.ts";

const FIELDS = ["name", "country", "phone_code", "phone", "email", "password"] as const;

export function RegisterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const show = useUiStore((s) => s.showAuthDialog);
  const startSession = useStartSession();
  const form = useForm({
    resolver: useContractResolver(useWithPhoneLength(registrationBody)),
    defaultValues: { name: "", country: "", phone_code: "", phone: "", email: "", password: "" },
  });
  registerInOrder(form.register, FIELDS);
  const { errors } = form.formState;

  const register = useMutation({
    mutationFn: (body: RegistrationBody) => call("POST /registration", { body }),
    onSuccess: (data, body) => {
      startSession(data);
      toast.success(t("auth.register_successful"), SUCCESS_TOAST);
      form.reset();
      if (master?.register_otp_verify) {
        // The code goes where the settings say; the dialog sends it as it opens.
        const otpTarget =
          master.register_otp_type === "phone"
            ? { phone: body.phone, phone_code: body.phone_code }
            : { phone: body.email, phone_code: null };
        show("register-otp", { otpTarget });
      } else onClose();
    },
    onError: (e) => showApiError(e, form.setError, FIELDS),
  });

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("auth.register")} description={t("auth.register_text")}>
      <form noValidate onSubmit={form.handleSubmit((v) => register.mutate(v))} className="mt-5 space-y-4">
        <TextField
          label={t("auth.name")}
          autoComplete="name"
          data-autofocus=""
          error={errors.name?.message}
          {...form.register("name")}
        />
        <CountryPhoneFields form={form} />
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <PasswordField
          label={t("auth.password")}
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton busy={register.isPending}>{t("auth.sign_up")}</SubmitButton>
      </form>
      <SocialLogin withDivider onSignedIn={onClose} />
      <p className="mt-4 text-center text-sm text-slate-600">
        {t("auth.have_account")} <LinkButton onClick={() => show("login")}>{t("auth.login")}</LinkButton>
      </p>
    </Dialog>
  );
}
