import type { Country, GuestUpgradeBody } from "@market/contract";
import { guestUpgradeBody, parseContact } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { callWithMessage } from "../../api/client.ts";
import { useAuthStore } from "../../lib/auth-store.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { queryScopes } from "../../lib/query-scopes.ts";
import { registerInOrder, showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { PasswordField, SubmitButton } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster, useWithPhoneLength } from "../settings/index.ts";
import { AccountFields } from "./account-fields.tsx";
import { authKeys, sessionUser, useCountries } from "./api.ts";
import { forgetGuest, storedGuestContact } from "./guest-credentials.ts";
import { useUiStore } from "./ui-store.ts";

const FIELDS = ["name", "email", "country", "phone_code", "phone", "password"] as const;

/** The form's starting email or phone, from what the guest gave at checkout ("+44 7700…" finds its country). */
export function fromContact(contact: string, countries: Country[]) {
  const parsed = parseContact(contact);
  if (!parsed) return {};
  if (parsed.kind === "email") return { email: parsed.value };
  const country = countries
    .filter((c) => parsed.value.startsWith(c.phone_code.startsWith("+") ? c.phone_code : `+${c.phone_code}`))
    .sort((a, b) => b.phone_code.length - a.phone_code.length)[0];
  return country
    ? {
        country: country.name,
        phone_code: country.phone_code,
        phone: parsed.value.slice(country.phone_code.replace(/^\+?/, "+").length),
      }
    : { phone: parsed.value.slice(1) };
}

/**
 * "Create your account" for a guest: name, email (and phone) and a password make the guest account a
 * full one, with its orders, cart and addresses. The stored guest credentials are dropped and the
 * session goes on as the full account; when the site verifies accounts, the code dialog follows.
 */
export function GuestUpgradeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: master } = useMaster();
  const { data: countries = [] } = useCountries();
  const show = useUiStore((s) => s.showAuthDialog);
  const form = useForm({
    resolver: useContractResolver(useWithPhoneLength(guestUpgradeBody)),
    defaultValues: { name: "", email: "", phone: "", phone_code: "", country: "", password: "" },
  });
  registerInOrder(form.register, FIELDS);

  // Filled once, when the countries are known (a phone's country comes from them).
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || countries.length === 0) return;
    filled.current = true;
    for (const [key, value] of Object.entries(fromContact(storedGuestContact(), countries))) {
      form.setValue(key as (typeof FIELDS)[number], value);
    }
  }, [countries, form]);

  const upgrade = useMutation({
    mutationFn: (body: GuestUpgradeBody) => callWithMessage("POST /guest/upgrade", { body }),
    onSuccess: (res, body) => {
      const user = res.data.user;
      // No guest any more: the guest credentials would sign in nobody.
      forgetGuest();
      queryClient.setQueryData(authKeys.profile, user);
      useAuthStore.getState().setUser(sessionUser(user));
      void queryClient.invalidateQueries({ queryKey: queryScopes.account });
      toast.success(res.message, SUCCESS_TOAST);
      onClose();
      if (master?.register_otp_verify) {
        const byPhone = master.register_otp_type === "phone" && body.phone;
        show("register-otp", {
          otpTarget: byPhone
            ? { phone: body.phone ?? "", phone_code: body.phone_code }
            : { phone: body.email, phone_code: null },
        });
      }
    },
    onError: (e) => showApiError(e, form.setError, FIELDS),
  });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !upgrade.isPending && onClose()}
      title={t("auth.create_your_account")}
      description={t("auth.create_account_text")}
    >
      <form noValidate onSubmit={form.handleSubmit((v) => upgrade.mutate(v))} className="mt-5 space-y-4">
        <AccountFields form={form} nameLabel={t("auth.name")} />
        <PasswordField
          label={t("auth.password")}
          autoComplete="new-password"
          error={form.formState.errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton busy={upgrade.isPending}>{t("auth.create_account")}</SubmitButton>
      </form>
    </Dialog>
  );
}

/** The offer to a guest, in the account area and after a guest's order. */
export function GuestUpgradeCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="guest-upgrade-title"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-primary-200 bg-primary-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <p id="guest-upgrade-title" className="font-semibold text-slate-900">
          {t("auth.create_your_account")}
        </p>
        <p className="mt-1 text-sm text-slate-700">{t("auth.create_account_offer")}</p>
      </div>
      <Button type="button" onClick={() => setOpen(true)} className="shrink-0">
        {t("auth.create_account")}
      </Button>
      {open && <GuestUpgradeDialog onClose={() => setOpen(false)} />}
    </section>
  );
}
