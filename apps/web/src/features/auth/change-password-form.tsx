import { type ChangePasswordBody, changePasswordFields, field } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { callWithMessage } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { PasswordField, SubmitButton } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { NewPasswordFields } from "./account-fields.tsx";
import { ForgotCurrentPassword } from "./forgot-current-password.tsx";

const EMPTY: ChangePasswordBody = { current_password: "", password: "", password_confirmation: "" };

/** Current, new and confirmed password; the server signs every other session out. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  // The change body, with the mismatch in the app's language.
  const schema = useMemo(
    () => changePasswordFields.superRefine(field.passwordsMatch(t("auth.password_mismatch"))),
    [t],
  );
  const form = useForm({ resolver: useContractResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: (v: ChangePasswordBody) => callWithMessage("POST /change-password", { body: v }),
    onSuccess: (res) => {
      form.reset(EMPTY);
      toast.success(res.message, SUCCESS_TOAST);
    },
    onError: (e) => showApiError(e, form.setError, ["current_password", "password", "password_confirmation"]),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => change.mutate(v))}
      className="max-w-xl space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <p className="text-sm text-slate-600">{t("account.change_password_text")}</p>
      <PasswordField
        label={t("auth.current_password")}
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...form.register("current_password")}
      />
      <ForgotCurrentPassword />
      <NewPasswordFields form={form} />
      <SubmitButton busy={change.isPending} className="sm:w-auto sm:px-8">
        {t("account.update_password")}
      </SubmitButton>
    </form>
  );
}
