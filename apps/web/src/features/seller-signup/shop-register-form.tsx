import type { ShopRegisterBody, ShopRegisterData } from "@market/contract";
import { SHOP_LOGO_MAX_BYTES, SHOP_LOGO_TYPES, SHOP_NAME_MAX } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, apiRequest } from "../../api/client.ts";
import { showApiError } from "../auth/api.ts";
import { CountryPhoneFields } from "../auth/country-phone-fields.tsx";
import { FieldError, PasswordField, SubmitButton, TextField } from "../auth/fields.tsx";

const FIELDS = ["shop_name", "name", "email", "phone", "phone_code", "country", "password"] as const;
const EMPTY: ShopRegisterBody = {
  shop_name: "",
  name: "",
  email: "",
  phone: "",
  phone_code: "",
  country: "",
  password: "",
};

/** The logo rules of the server, checked before uploading (the server checks the content again). */
function logoProblem(file: File): "type" | "size" | null {
  if (!(SHOP_LOGO_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size > SHOP_LOGO_MAX_BYTES) return "size";
  return null;
}

/** Shop name and logo, and the owner's account; answers the submitted shop to the page. */
export function ShopRegisterForm({ onSubmitted }: { onSubmitted: (data: ShopRegisterData) => void }) {
  const { t } = useTranslation();
  const logoId = useId();
  const form = useForm<ShopRegisterBody>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string>();

  useEffect(() => {
    if (!logo) return setPreview(null);
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const register = useMutation({
    mutationFn: (v: ShopRegisterBody) => {
      const body = new FormData();
      for (const key of FIELDS) body.set(key, key === "password" ? v[key] : v[key].trim());
      if (logo) body.set("shop_logo", logo);
      return apiRequest<ShopRegisterData>("POST", "/shop/register", { body });
    },
    onSuccess: (res) => onSubmitted(res.data),
    onError: (e) => {
      showApiError(e, form.setError, FIELDS);
      if (e instanceof ApiError) setLogoError(e.fieldError("shop_logo"));
    },
  });

  const chooseLogo = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    e.target.value = "";
    if (!file) return;
    const problem = logoProblem(file);
    setLogoError(
      problem ? t(problem === "type" ? "seller_signup.logo_bad_type" : "seller_signup.logo_too_large") : undefined,
    );
    setLogo(problem ? null : file);
  };

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
        <div className="flex flex-wrap items-center gap-4">
          {preview ? (
            <img src={preview} alt={t("seller_signup.logo_preview")} className="size-16 rounded-xl object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="inline-flex size-16 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 text-slate-400"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                aria-hidden="true"
              >
                <path d="M4 10h16l-1.5-5h-13zM5 10v9h14v-9M9 19v-5h6v5" strokeLinejoin="round" />
              </svg>
            </span>
          )}
          <div>
            <span className="mb-1.5 block text-sm font-medium text-slate-700">{t("seller_signup.shop_logo")}</span>
            <label
              htmlFor={logoId}
              className="inline-flex cursor-pointer rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-primary-200"
            >
              {t("seller_signup.choose_logo")}
              <input
                id={logoId}
                type="file"
                accept={SHOP_LOGO_TYPES.join(",")}
                onChange={chooseLogo}
                className="sr-only"
                aria-describedby={`${logoId}-hint`}
              />
            </label>
            <p id={`${logoId}-hint`} className="mt-1 text-xs text-slate-500">
              {t("seller_signup.logo_hint")}
            </p>
            <FieldError message={logoError} />
          </div>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-3 text-lg font-semibold text-slate-900">{t("seller_signup.owner_section")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("seller_signup.owner_name")}
            autoComplete="name"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <TextField
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register("email")}
          />
          <CountryPhoneFields form={form} />
        </div>
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
