import { type DeleteAccountBody, deleteAccountBody } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { callWithMessage } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { PasswordField } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { ForgotCurrentPassword } from "./forgot-current-password.tsx";
import { forgetSession } from "./logout-dialog.tsx";

/**
 * "Delete account" on the profile page: the current password (or a reset of it, for an account made by
 * a social sign-in), then a last question. The server
 * refuses while an order or a return is open, or for a shop's owner, and says why.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const form = useForm({ resolver: useContractResolver(deleteAccountBody), defaultValues: { current_password: "" } });
  const erase = useMutation({
    mutationFn: (v: DeleteAccountBody) => callWithMessage("POST /profile/delete", { body: v }),
    onSuccess: (res) => {
      forgetSession(queryClient);
      toast.success(res.message, SUCCESS_TOAST);
      navigate("/");
    },
    onError: (e) => {
      setAsking(false);
      showApiError(e, form.setError, ["current_password"]);
    },
  });
  return (
    <section
      aria-labelledby="delete-account-title"
      className="mt-8 max-w-xl rounded-2xl border border-rose-200 bg-white p-5 sm:p-6"
    >
      <h2 id="delete-account-title" className="text-lg font-semibold text-slate-900">
        {t("account.delete_account")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("account.delete_account_text")}</p>
      <form noValidate onSubmit={form.handleSubmit(() => setAsking(true))} className="mt-4 space-y-4">
        <PasswordField
          label={t("account.delete_account_password")}
          autoComplete="current-password"
          error={form.formState.errors.current_password?.message}
          {...form.register("current_password")}
        />
        <ForgotCurrentPassword />
        <Button type="submit" variant="danger-outline" size="field" weight="medium" className="w-full sm:w-auto">
          {t("account.delete_account_button")}
        </Button>
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("account.delete_account_confirm")}
        description={t("account.delete_account_confirm_text")}
        confirmLabel={t("account.delete_account_button")}
        tone="danger"
        busy={erase.isPending}
        onConfirm={() => erase.mutate(form.getValues())}
      />
    </section>
  );
}
