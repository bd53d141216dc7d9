import type { ResetPasswordBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { callWithMessage } from "../../api/client.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { toast } from "../../ui/toast.ts";
import { NewPasswordFields } from "./account-fields.tsx";
import { SUCCESS_TOAST, showApiError } from "./api.ts";
import { SubmitButton } from "./fields.tsx";
import { useUiStore } from "./ui-store.ts";

type ResetForm = Omit<ResetPasswordBody, "token">;

/** Reset Password with the token of the verified code; success reopens the login (spec section 4). */
export function ResetPasswordDialog({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const show = useUiStore((s) => s.showAuthDialog);
  const form = useForm<ResetForm>({ defaultValues: { password: "", password_confirmation: "" } });

  const reset = useMutation({
    mutationFn: (v: ResetForm) => callWithMessage("POST /reset-password", { body: { ...v, token } }),
    onSuccess: (res) => {
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
