import type { LoginBody } from "@market/contract";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField, TextField } from "../../ui/fields.tsx";
import { CountryPhoneFields } from "./country-phone-fields.tsx";

// react-hook-form types are invariant in the form's values; each group below casts to the fields it
// uses, which exist on every form given to it. A form's values are its schema's input, where an
// optional field may be null or missing; what it submits (the parsed body) is not this group's concern.

type Account = {
  name: string;
  email: string;
  country?: string | null;
  phone_code?: string | null;
  phone?: string | null;
};

/** Name, email, country and phone in two columns: the same in the profile and the shop's owner. */
export function AccountFields<T extends Account>({
  form: anyForm,
  nameLabel,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any context and any parsed values
  form: UseFormReturn<T, any, any>;
  nameLabel: string;
}) {
  const form = anyForm as unknown as UseFormReturn<Account>;
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField label={nameLabel} autoComplete="name" error={errors.name?.message} {...form.register("name")} />
      <TextField
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <CountryPhoneFields form={form} />
    </div>
  );
}

/** Email or phone and password: the shoppers' login and the seller and admin sign-in. */
export function LoginFields({ form }: { form: UseFormReturn<LoginBody> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  // The contract names the field "phone"; an empty one is asked for as the label says, "phone or email".
  const phoneError =
    errors.phone && errors.phone.type !== "server" && !form.getValues("phone")?.trim()
      ? t("auth.phone_or_email_required")
      : errors.phone?.message;
  return (
    <>
      <TextField
        label={t("auth.email_or_phone")}
        autoComplete="username"
        // Where a sign-in dialog starts, so Enter does not land on its Close button.
        data-autofocus=""
        error={phoneError}
        {...form.register("phone")}
      />
      <PasswordField
        label={t("auth.password")}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
    </>
  );
}

type NewPassword = { password: string; password_confirmation: string };

/**
 * A new password and its confirmation; the form's schema checks that they match before anything is
 * sent (spec section 5).
 */
export function NewPasswordFields<T extends NewPassword>({ form: anyForm }: { form: UseFormReturn<T> }) {
  const form = anyForm as unknown as UseFormReturn<NewPassword>;
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <>
      <PasswordField
        label={t("auth.new_password")}
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <PasswordField
        label={t("auth.confirm_password")}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register("password_confirmation")}
      />
    </>
  );
}
