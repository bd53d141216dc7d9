import type { ShopRegisterBody, ShopRegisterData } from "@market/contract";
import { SHOP_LOGO_MAX_BYTES, SHOP_LOGO_TYPES, SHOP_NAME_MAX, shopRegisterBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { registerInOrder, showApiError } from "../../lib/show-api-error.ts";
import { PasswordField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { StoreIcon } from "../../ui/icons.tsx";
import { ImageField, useImagePick } from "../../ui/image-field.tsx";
import { AccountFields } from "../auth/index.ts";
import { useWithPhoneLength } from "../settings/index.ts";

const FIELDS = ["shop_name", "name", "email", "country", "phone_code", "phone", "password"] as const;
const EMPTY: ShopRegisterBody = {
  shop_name: "",
  name: "",
  email: "",
  phone: "",
  phone_code: "",
  country: "",
  password: "",
};

/** Shop name and logo, and the owner's account; answers the submitted shop to the page. */
export function ShopRegisterForm({ onSubmitted }: { onSubmitted: (data: ShopRegisterData) => void }) {
  const { t } = useTranslation();
  const form = useForm({ resolver: useContractResolver(useWithPhoneLength(shopRegisterBody)), defaultValues: EMPTY });
  registerInOrder(form.register, FIELDS);
  const { errors } = form.formState;
  const logo = useImagePick({
    types: SHOP_LOGO_TYPES,
    maxBytes: SHOP_LOGO_MAX_BYTES,
    badType: t("seller_signup.logo_bad_type"),
    tooLarge: t("seller_signup.logo_too_large"),
  });

  const register = useMutation({
    mutationFn: (v: ShopRegisterBody) => {
      const form = new FormData();
      // Parsed values: trimmed (except the password), the email lower-cased.
      for (const key of FIELDS) form.set(key, v[key]);
      if (logo.file) form.set("shop_logo", logo.file);
      return call("POST /shop/register", { form });
    },
    onSuccess: onSubmitted,
    onError: (e) => {
      showApiError(e, form.setError, FIELDS);
      if (e instanceof ApiError) logo.setError(e.fieldError("shop_logo"));
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((v) => register.mutate(v))} className="space-y-8">
      <fieldset className="space-y-4">
        <legend className="mb-3 text-lg font-semibold text-slate-900">{t("seller_signup.shop_section")}</legend>
        <TextField
          label={t("seller_signup.shop_name")}
          autoComplete="organization"
          maxLength={SHOP_NAME_MAX}
          error={errors.shop_name?.message}
          {...form.register("shop_name")}
        />
        <ImageField
          image={logo}
          label={t("seller_signup.shop_logo")}
          button={t("seller_signup.choose_logo")}
          hint={t("seller_signup.logo_hint")}
          previewAlt={t("seller_signup.logo_preview")}
          previewClassName="size-16 rounded-xl"
          placeholder={
            <span
              aria-hidden="true"
              className="inline-flex size-16 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 text-slate-400"
            >
              <StoreIcon className="size-7" />
            </span>
          }
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-3 text-lg font-semibold text-slate-900">{t("seller_signup.owner_section")}</legend>
        <AccountFields form={form} nameLabel={t("seller_signup.owner_name")} />
        <div>
          <PasswordField
            label={t("auth.password")}
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register("password")}
          />
          <p className="mt-1 text-xs text-slate-500">{t("seller_signup.password_hint")}</p>
        </div>
      </fieldset>

      <SubmitButton busy={register.isPending} className="sm:w-auto sm:px-10">
        {t("seller_signup.submit")}
      </SubmitButton>
    </form>
  );
}
