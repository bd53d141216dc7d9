import { field, type ResetPasswordBody, resetPasswordFields } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { callWithMessage } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { SubmitButton } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { NewPasswordFields } from "./account-fields.tsx";
import { forgetSession } from "./logout-dialog.tsx";
import { useUiStore } from "./ui-store.ts";

/** Reset Password with the token of the verified code; success reopens the login (spec section 4). */
export function ResetPasswordDialog({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const show = useUiStore((s) => s.showAuthDialog);
  const queryClient = useQueryClient();
  // The reset body, token included (no input shows it), with the mismatch in the app's language.
  const schema = useMemo(() => resetPasswordFields.superRefine(field.passwordsMatch(t("auth.password_mismatch"))), [t]);
  const form = useForm({
    resolver: useContractResolver(schema),
    defaultValues: { password: "", password_confirmation: "", token },
  });

  const reset = useMutation({
    mutationFn: (body: ResetPasswordBody) => callWithMessage("POST /reset-password", { body }),
    onSuccess: (res) => {
      // The reset ended every session of the account, this one too (reset from the account pages).
      if (useAuthStore.getState().token) forgetSession(queryClient);
      toast.success(res.message, SUCCESS_TOAST);
      show("login");
    },
    onError: (e) => showApiError(e, form.setError, ["password", "password_confirmation"]),
  });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("auth.reset_password")}
      description={t("auth.reset_password_text")}
    >
      <form noValidate onSubmit={form.handleSubmit((v) => reset.mutate(v))} className="mt-5 space-y-4">
        <NewPasswordFields form={form} />
        <SubmitButton busy={reset.isPending}>{t("auth.reset_password")}</SubmitButton>
      </form>
    </Dialog>
  );
}
