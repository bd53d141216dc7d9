import { type LoginBody, loginBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { call } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { LinkButton, SubmitButton } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { LoginFields } from "./account-fields.tsx";
import { useStartSession } from "./api.ts";
import { useGuestLogin } from "./guest-login.ts";
import { SocialLogin } from "./social-login.tsx";
import { useUiStore } from "./ui-store.ts";

// The seeded demo shopper, filled in only in the local environment (spec section 6).
const DEMO = { phone: "shopper@example.com", password: "password" };

export function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const show = useUiStore((s) => s.showAuthDialog);
  const startSession = useStartSession();
  const local = master?.app_environment === "local";
  const form = useForm({
    resolver: useContractResolver(loginBody),
    defaultValues: local ? DEMO : { phone: "", password: "" },
  });

  const login = useMutation({
    mutationFn: (body: LoginBody) => call("POST /login", { body }),
    onSuccess: (data) => {
      startSession(data);
      onClose();
      toast.success(t("auth.login_successful"), SUCCESS_TOAST);
    },
    onError: (e) => showApiError(e, form.setError, ["phone", "password"]),
  });
  const guest = useGuestLogin(onClose);
  const busy = login.isPending || guest.isPending;

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={t("auth.login")} description={t("auth.login_text")}>
      <form noValidate onSubmit={form.handleSubmit((v) => login.mutate(v))} className="mt-5 space-y-4">
        <LoginFields form={form} />
        <div className="flex justify-end text-sm">
          <LinkButton onClick={() => show("forgot")}>{t("auth.forgot_password_link")}</LinkButton>
        </div>
        <SubmitButton busy={login.isPending}>{t("auth.login")}</SubmitButton>
      </form>
      <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        {t("auth.or")}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        type="button"
        onClick={() => guest.mutate()}
        disabled={busy}
        variant="outline"
        className="w-full disabled:opacity-70"
      >
        {t("auth.login_as_guest")}
      </Button>
      <SocialLogin className="mt-2.5" onSignedIn={onClose} />
      <p className="mt-4 text-center text-sm text-slate-600">
        {t("auth.no_account")} <LinkButton onClick={() => show("register")}>{t("auth.sign_up")}</LinkButton>
      </p>
    </Dialog>
  );
}
