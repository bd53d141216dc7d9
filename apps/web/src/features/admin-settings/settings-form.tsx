import {
  type AdminSiteSettings,
  FOOTER_LIMITS,
  RETURN_WINDOW_MAX_DAYS,
  SITE_IMAGE_MAX_BYTES,
  type SiteSettingsBody,
  siteSettingsBody,
  THEME_COLOR_KEYS,
} from "@market/contract";
import { type ChangeEvent, type CSSProperties, useId, useState } from "react";
import { type Path, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { FieldError, FileButton, SelectField, SubmitButton, TextAreaField, TextField } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { LanguageTabs } from "../admin-content/index.ts";
import { useSaveSiteSettings, useSiteSettings, useUploadSiteImage } from "./queries.ts";
import { deriveShades, isHexColor, type ThemeColors } from "./shades.ts";
import { SwitchField } from "./switch-field.tsx";

const IMAGE_TYPES = "image/jpeg,image/png,image/webp";
const SECTION = "space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";
const TITLE = "text-lg font-semibold text-slate-900";

function formValues(s: AdminSiteSettings): SiteSettingsBody {
  const { logo: _logo, favicon: _favicon, theme_colors, ...rest } = s;
  const colors = isHexColor(theme_colors.primary ?? "") ? { ...deriveShades(theme_colors.primary as string) } : null;
  const theme = Object.fromEntries(
    THEME_COLOR_KEYS.map((k) => [k, theme_colors[k] ?? colors?.[k] ?? "#4f46e5"]),
  ) as ThemeColors;
  return { ...rest, theme_colors: theme };
}

const FIELDS: Path<SiteSettingsBody>[] = [
  "app_name",
  "footer_text",
  "footer_description",
  "register_otp_type",
  "forgot_otp_type",
  "cash_on_delivery",
  "online_payment",
  "google_playstore_link",
  "app_store_link",
  "phone_min_length",
  "phone_max_length",
  "return_order_within_days",
  "mobile",
  "email",
  ...THEME_COLOR_KEYS.map((k) => `theme_colors.${k}` as const),
];

/** The footer's copyright line and description, per language (a blank one shows the default's). */
function FooterSection({ form }: { form: UseFormReturn<SiteSettingsBody, unknown, unknown> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const fields = (prefix: "" | `footer_translations.${string}.`, dir?: "ltr" | "rtl") => {
    const own = prefix === "" ? errors : errors.footer_translations?.[prefix.split(".")[1] as string];
    return (
      <>
        <TextField
          dir={dir}
          label={t("admin_settings.footer_text")}
          maxLength={FOOTER_LIMITS.text}
          error={own?.footer_text?.message}
          {...form.register(`${prefix}footer_text` as Path<SiteSettingsBody>)}
        />
        <TextAreaField
          dir={dir}
          rows={3}
          label={t("admin_settings.footer_description")}
          maxLength={FOOTER_LIMITS.description}
          error={own?.footer_description?.message}
          {...form.register(`${prefix}footer_description` as Path<SiteSettingsBody>)}
        />
      </>
    );
  };
  return (
    <section className={SECTION}>
      <h2 className={TITLE}>{t("admin_settings.footer")}</h2>
      <p className="text-sm text-slate-600">{t("admin_settings.footer_help", { year: new Date().getFullYear() })}</p>
      <LanguageTabs
        hasError={(code) => !!errors.footer_translations?.[code]}
        base={fields("")}
        other={(l) => fields(`footer_translations.${l.code}.`, l.direction)}
      />
    </section>
  );
}

/** The site's name, images, theme and the switches the storefront follows. */
export function SiteSettingsEditor() {
  const { data, isError, refetch } = useSiteSettings();
  if (isError) return <LoadError onReload={refetch} />;
  if (!data) return <Skeleton className="h-[40rem] w-full rounded-2xl" />;
  return <SiteSettingsForm settings={data} />;
}

function SiteSettingsForm({ settings }: { settings: AdminSiteSettings }) {
  const { t } = useTranslation();
  const save = useSaveSiteSettings();
  const form = useForm({ resolver: useContractResolver(siteSettingsBody), defaultValues: formValues(settings) });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: ({ message, data }) => {
        form.reset(formValues(data));
        toast.success(message, SUCCESS_TOAST);
      },
      onError: (e) => showApiError(e, form.setError, FIELDS),
    }),
  );
  const otpTypes = (["email", "phone"] as const).map((v) => (
    <option key={v} value={v}>
      {t(`admin_settings.channel_${v}`)}
    </option>
  ));

  return (
    <div className="space-y-6">
      <SiteImages settings={settings} />
      <form noValidate onSubmit={submit} className="space-y-6">
        <section className={SECTION}>
          <h2 className={TITLE}>{t("admin_settings.identity")}</h2>
          <TextField
            label={t("admin_settings.app_name")}
            error={errors.app_name?.message}
            {...form.register("app_name")}
          />
        </section>

        <FooterSection form={form} />

        <ThemeSection form={form} />

        <section className={SECTION}>
          <h2 className={TITLE}>{t("admin_settings.accounts")}</h2>
          <SwitchField
            label={t("admin_settings.register_otp_verify")}
            help={t("admin_settings.register_otp_verify_help")}
            {...form.register("register_otp_verify")}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              label={t("admin_settings.register_otp_type")}
              error={errors.register_otp_type?.message}
              {...form.register("register_otp_type")}
            >
              {otpTypes}
            </SelectField>
            <SelectField
              label={t("admin_settings.forgot_otp_type")}
              error={errors.forgot_otp_type?.message}
              {...form.register("forgot_otp_type")}
            >
              {otpTypes}
            </SelectField>
          </div>
          <SwitchField
            label={t("admin_settings.order_place_account_verify")}
            help={t("admin_settings.order_place_account_verify_help")}
            {...form.register("order_place_account_verify")}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              type="number"
              inputMode="numeric"
              min={4}
              max={20}
              label={t("admin_settings.phone_min_length")}
              error={errors.phone_min_length?.message}
              {...form.register("phone_min_length", { valueAsNumber: true })}
            />
            <TextField
              type="number"
              inputMode="numeric"
              min={4}
              max={20}
              label={t("admin_settings.phone_max_length")}
              error={errors.phone_max_length?.message}
              {...form.register("phone_max_length", { valueAsNumber: true })}
            />
          </div>
        </section>

        <section className={SECTION}>
          <h2 className={TITLE}>{t("admin_settings.payments_marketplace")}</h2>
          <SwitchField
            label={t("admin_settings.cash_on_delivery")}
            help={t("admin_settings.cash_on_delivery_help")}
            {...form.register("cash_on_delivery")}
          />
          <SwitchField
            label={t("admin_settings.online_payment")}
            help={t("admin_settings.online_payment_help")}
            {...form.register("online_payment")}
          />
          <FieldError message={errors.cash_on_delivery?.message} />
          <div>
            <TextField
              type="number"
              inputMode="numeric"
              min={0}
              max={RETURN_WINDOW_MAX_DAYS}
              label={t("admin_settings.return_order_within_days")}
              error={errors.return_order_within_days?.message}
              {...form.register("return_order_within_days", { valueAsNumber: true })}
            />
            <p className="mt-1 text-xs text-slate-500">{t("admin_settings.return_order_within_days_help")}</p>
          </div>
          <SwitchField
            label={t("admin_settings.multi_vendor")}
            help={t("admin_settings.multi_vendor_help")}
            {...form.register("multi_vendor")}
          />
        </section>

        <section className={SECTION}>
          <h2 className={TITLE}>{t("admin_settings.app_download")}</h2>
          <SwitchField
            label={t("admin_settings.show_download_app")}
            help={t("admin_settings.show_download_app_help")}
            {...form.register("show_download_app")}
          />
          <TextField
            type="url"
            dir="ltr"
            label={t("admin_settings.google_playstore_link")}
            error={errors.google_playstore_link?.message}
            {...form.register("google_playstore_link")}
          />
          <TextField
            type="url"
            dir="ltr"
            label={t("admin_settings.app_store_link")}
            error={errors.app_store_link?.message}
            {...form.register("app_store_link")}
          />
        </section>

        <section className={`${SECTION} sm:grid sm:grid-cols-2 sm:gap-4 sm:space-y-0`}>
          <h2 className={`${TITLE} sm:col-span-2`}>{t("admin_settings.contact")}</h2>
          <TextField
            type="tel"
            dir="ltr"
            label={t("admin_settings.hotline")}
            error={errors.mobile?.message}
            {...form.register("mobile")}
          />
          <TextField
            type="email"
            dir="ltr"
            label={t("admin_settings.contact_email")}
            error={errors.email?.message}
            {...form.register("email")}
          />
        </section>

        <div data-bottom-bar className="sticky bottom-0 z-10 -mx-1 bg-slate-50/90 px-1 py-3 backdrop-blur">
          <SubmitButton busy={save.isPending} className="sm:w-auto sm:px-8">
            {t("admin_settings.save")}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

type Form = ReturnType<typeof useForm<SiteSettingsBody>>;

/** One colour picked, the 12 shades derived from it and each still editable, with a live preview. */
function ThemeSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  const id = useId();
  const colors = form.watch("theme_colors") as ThemeColors;
  const errors = form.formState.errors.theme_colors as Partial<Record<keyof ThemeColors, { message?: string }>>;
  const setColor = (key: keyof ThemeColors, value: string) =>
    form.setValue(`theme_colors.${key}`, value, { shouldDirty: true, shouldValidate: isHexColor(value) });
  const pickBase = (e: ChangeEvent<HTMLInputElement>) => {
    const shades = deriveShades(e.target.value);
    for (const key of THEME_COLOR_KEYS) setColor(key, shades[key]);
  };
  const preview = Object.fromEntries(
    Object.entries(colors)
      .filter(([, v]) => isHexColor(v))
      .map(([k, v]) => [k === "primary" ? "--color-primary" : `--color-primary-${k.slice("primary".length)}`, v]),
  ) as CSSProperties;

  return (
    <section className={SECTION}>
      <h2 className={TITLE}>{t("admin_settings.theme")}</h2>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-base`} className="text-sm font-medium text-slate-700">
          {t("admin_settings.theme_colour")}
        </label>
        <input
          id={`${id}-base`}
          type="color"
          value={isHexColor(colors.primary) ? colors.primary : "#4f46e5"}
          onChange={pickBase}
          className="h-10 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          data-testid="theme-base"
        />
        <span className="text-xs text-slate-500">{t("admin_settings.theme_help")}</span>
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6" aria-label={t("admin_settings.shades")}>
        {THEME_COLOR_KEYS.map((key) => (
          <li key={key} className="min-w-0 rounded-xl border border-slate-200 p-2">
            <label htmlFor={`${id}-${key}`} className="block truncate text-xs font-medium text-slate-700">
              {key === "primary" ? t("admin_settings.shade_main") : key.slice("primary".length)}
            </label>
            <input
              id={`${id}-${key}`}
              type="color"
              value={isHexColor(colors[key]) ? colors[key] : "#000000"}
              onChange={(e) => setColor(key, e.target.value)}
              className="mt-1 h-9 w-full cursor-pointer rounded-md border border-slate-200 bg-white p-0.5"
              data-testid={`shade-${key}`}
            />
            <span dir="ltr" className="mt-1 block truncate font-mono text-[11px] text-slate-500">
              {colors[key]}
            </span>
            <FieldError message={errors?.[key]?.message} />
          </li>
        ))}
      </ul>
      <div style={preview} className="rounded-xl border border-slate-200 p-4" data-testid="theme-preview">
        <p className="mb-3 text-xs font-semibold uppercase text-slate-500">{t("admin_settings.preview")}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm">{t("admin_settings.preview_button")}</Button>
          <Button size="sm" variant="outline" className="text-primary-700">
            {t("admin_settings.preview_outline")}
          </Button>
          <span className="rounded-full bg-primary-100 px-3 py-1 text-xs font-semibold text-primary-800">
            {t("admin_settings.preview_badge")}
          </span>
          <span className="font-semibold text-primary-700 underline">{t("admin_settings.preview_link")}</span>
        </div>
        <div className="mt-3 flex h-3 overflow-hidden rounded-full">
          {THEME_COLOR_KEYS.slice(1).map((k) => (
            <span key={k} className="flex-1" style={{ background: colors[k] }} />
          ))}
        </div>
      </div>
    </section>
  );
}

/** The logo and the favicon, each uploaded as soon as it is chosen. */
function SiteImages({ settings }: { settings: AdminSiteSettings }) {
  const { t } = useTranslation();
  const upload = useUploadSiteImage();
  const id = useId();
  const pick = (field: "logo" | "favicon") => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (!IMAGE_TYPES.split(",").includes(file.type)) return toast.error(t("admin_settings.image_bad_type"));
    if (file.size > SITE_IMAGE_MAX_BYTES) return toast.error(t("admin_settings.image_too_large"));
    upload.mutate(
      { field, file },
      { onSuccess: ({ message }) => toast.success(message, SUCCESS_TOAST), onError: (err) => showApiError(err) },
    );
  };
  const [broken, setBroken] = useState<Record<string, boolean>>({});
  const image = (field: "logo" | "favicon", src: string, size: string) =>
    src && !broken[field] ? (
      <img
        src={src}
        alt={t(`admin_settings.${field}`)}
        className={`${size} rounded-lg border border-slate-200 bg-white object-contain`}
        onError={() => setBroken((b) => ({ ...b, [field]: true }))}
      />
    ) : (
      <span className={`${size} rounded-lg border border-dashed border-slate-300 bg-slate-50`} />
    );
  return (
    <section className={`${SECTION} sm:grid sm:grid-cols-2 sm:gap-4 sm:space-y-0`}>
      <h2 className={`${TITLE} sm:col-span-2`}>{t("admin_settings.images")}</h2>
      {(
        [
          ["logo", settings.logo, "h-12 w-32"],
          ["favicon", settings.favicon, "size-12"],
        ] as const
      ).map(([field, src, size]) => (
        <div key={field} className="flex flex-wrap items-center gap-3">
          {image(field, src, size)}
          <div>
            <span className="mb-1 block text-sm font-medium text-slate-700">{t(`admin_settings.${field}`)}</span>
            <FileButton id={`${id}-${field}`} className="px-3" accept={IMAGE_TYPES} onChange={pick(field)}>
              {t(`admin_settings.change_${field}`)}
            </FileButton>
          </div>
        </div>
      ))}
      <p className="text-xs text-slate-500 sm:col-span-2">
        {upload.isPending ? t("admin_settings.uploading") : t("admin_settings.image_help")}
      </p>
    </section>
  );
}
