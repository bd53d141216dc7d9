import {
  type SellerShopBody,
  type SellerShopProfile,
  SHOP_DESCRIPTION_MAX,
  SHOP_IMAGE_MAX_BYTES,
  SHOP_LOW_STOCK_MAX,
  sellerShopBody,
} from "@market/contract";
import { type ChangeEvent, useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { FieldError, FileButton, inputClass, SubmitButton, TextField } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { useSaveShopProfile, useShopProfile, useUploadShopImage } from "./queries.ts";

const IMAGE_TYPES = "image/jpeg,image/png,image/webp";

/**
 * The stored "3-5 days" as the field shows it in the seller's language ("3-5 أيام"), which saving
 * reads back as it was; any other wording as stored.
 */
const typedDeliveryTime = (stored: string, daysWord: string) =>
  stored.replace(/^(\d+(?:-\d+)?) days?$/, `$1 ${daysWord}`);

function formValues(p: SellerShopProfile, locales: string[], daysWord: string): SellerShopBody {
  return {
    name: p.name,
    description: p.description,
    translations: Object.fromEntries(
      locales.map((l) => [
        l,
        { name: p.translations[l]?.name ?? "", description: p.translations[l]?.description ?? "" },
      ]),
    ),
    delivery_charge: p.delivery_charge,
    estimated_delivery_time: typedDeliveryTime(p.estimated_delivery_time, daysWord),
    is_open: p.is_open,
    phone: p.phone ?? "",
    email: p.email ?? "",
    low_stock_threshold: p.low_stock_threshold,
  };
}

/** The shop profile: what the storefront shows of the shop, whether it takes orders, and its contact. */
export function ShopProfileEditor() {
  const { data, isError, refetch } = useShopProfile();
  const { data: master } = useMaster();
  if (isError) return <LoadError onReload={refetch} />;
  if (!data || !master) return <Skeleton className="h-[40rem] w-full rounded-2xl" />;
  const languages = master.languages.filter((l) => !l.is_default);
  return <ShopProfileForm profile={data} languages={languages} />;
}

type Lang = { name: string; title: string; direction: "ltr" | "rtl" };

function ShopProfileForm({ profile, languages }: { profile: SellerShopProfile; languages: Lang[] }) {
  const { t } = useTranslation();
  const save = useSaveShopProfile();
  const form = useForm({
    resolver: useContractResolver(sellerShopBody),
    defaultValues: formValues(
      profile,
      languages.map((l) => l.name),
      t("seller_shop.days_word"),
    ),
  });
  const { errors } = form.formState;
  const descriptionId = useId();
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: ({ message, data }) => {
        form.reset(
          formValues(
            data,
            languages.map((l) => l.name),
            t("seller_shop.days_word"),
          ),
        );
        toast.success(message, SUCCESS_TOAST);
      },
      onError: (e) =>
        showApiError(e, form.setError, [
          "name",
          "description",
          "delivery_charge",
          "estimated_delivery_time",
          "phone",
          "email",
          "low_stock_threshold",
        ]),
    }),
  );

  return (
    <div className="space-y-6">
      <ShopImages profile={profile} />
      <form noValidate onSubmit={submit} className="space-y-6">
        <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t("seller_shop.about_shop")}</h2>
          <TextField label={t("seller_shop.name")} error={errors.name?.message} {...form.register("name")} />
          <div>
            <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t("seller_shop.description")}
            </label>
            <textarea
              id={descriptionId}
              rows={4}
              maxLength={SHOP_DESCRIPTION_MAX}
              className={inputClass}
              aria-invalid={errors.description ? true : undefined}
              {...form.register("description")}
            />
            <FieldError message={errors.description?.message} />
          </div>
          {languages.map((l) => (
            <fieldset
              key={l.name}
              className="space-y-3 rounded-xl border border-slate-200 p-3 sm:p-4"
              data-testid={`shop-translation-${l.name}`}
            >
              {/* the language by its own name, as the product form's tabs name it */}
              <legend lang={l.name} className="px-1 text-sm font-semibold text-slate-700">
                {l.title}
              </legend>
              <TextField
                dir={l.direction}
                label={t("seller_shop.name")}
                placeholder={t("seller_shop.same_as_default")}
                error={errors.translations?.[l.name]?.name?.message}
                {...form.register(`translations.${l.name}.name`)}
              />
              <div>
                <label
                  htmlFor={`${descriptionId}-${l.name}`}
                  className="mb-1.5 block text-sm font-medium text-slate-700"
                >
                  {t("seller_shop.description")}
                </label>
                <textarea
                  id={`${descriptionId}-${l.name}`}
                  dir={l.direction}
                  rows={3}
                  maxLength={SHOP_DESCRIPTION_MAX}
                  placeholder={t("seller_shop.same_as_default")}
                  className={inputClass}
                  {...form.register(`translations.${l.name}.description`)}
                />
                <FieldError message={errors.translations?.[l.name]?.description?.message} />
              </div>
            </fieldset>
          ))}
        </section>

        <section className="grid grid-cols-1 gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900 sm:col-span-2">{t("seller_shop.orders_delivery")}</h2>
          <label className="flex items-start gap-3 rounded-xl bg-slate-50 p-3 sm:col-span-2">
            <input type="checkbox" className="mt-1 size-4 accent-primary-600" {...form.register("is_open")} />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{t("seller_shop.is_open")}</span>
              <span className="block text-xs text-slate-600">{t("seller_shop.is_open_help")}</span>
            </span>
          </label>
          <TextField
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            label={t("seller_shop.delivery_charge")}
            error={errors.delivery_charge?.message}
            {...form.register("delivery_charge", { valueAsNumber: true })}
          />
          <TextField
            label={t("seller_shop.estimated_delivery_time")}
            placeholder={t("seller_shop.estimated_delivery_placeholder")}
            error={errors.estimated_delivery_time?.message}
            {...form.register("estimated_delivery_time")}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={0}
            max={SHOP_LOW_STOCK_MAX}
            label={t("seller_shop.low_stock_threshold")}
            error={errors.low_stock_threshold?.message}
            {...form.register("low_stock_threshold", { valueAsNumber: true })}
          />
        </section>

        <section className="grid grid-cols-1 gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900 sm:col-span-2">{t("seller_shop.contact")}</h2>
          <TextField
            type="tel"
            dir="ltr"
            inputMode="tel"
            label={t("seller_shop.phone")}
            error={errors.phone?.message}
            {...form.register("phone")}
          />
          <TextField
            type="email"
            dir="ltr"
            label={t("seller_shop.email")}
            error={errors.email?.message}
            {...form.register("email")}
          />
        </section>

        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busy={save.isPending} className="sm:w-auto sm:px-8">
            {t("seller_shop.save")}
          </SubmitButton>
          <Link to={profile.url} className="text-sm font-semibold text-primary-700 hover:underline">
            {t("seller_shop.view_in_store")}
          </Link>
        </div>
      </form>
    </div>
  );
}

/** The logo and the banner, each uploaded as soon as it is chosen. */
function ShopImages({ profile }: { profile: SellerShopProfile }) {
  const { t } = useTranslation();
  const upload = useUploadShopImage();
  const id = useId();
  const pick = (field: "logo" | "banner") => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > SHOP_IMAGE_MAX_BYTES) return toast.error(t("seller_shop.image_too_large"));
    upload.mutate(
      { field, file },
      {
        onSuccess: ({ message }) => toast.success(message, SUCCESS_TOAST),
        onError: (err) => showApiError(err),
      },
    );
  };
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="aspect-[3/1] bg-slate-100 sm:aspect-[5/1]">
        <img src={profile.banner} alt={t("seller_shop.banner")} className="h-full w-full object-cover" />
      </div>
      <div className="flex flex-wrap items-end gap-4 p-4 sm:p-6">
        <img
          src={profile.logo}
          alt={t("seller_shop.logo")}
          width={80}
          height={80}
          className="-mt-12 size-20 rounded-2xl border-4 border-white bg-white object-cover shadow"
        />
        <div className="flex flex-wrap gap-2">
          <FileButton id={`${id}-logo`} className="px-3" accept={IMAGE_TYPES} onChange={pick("logo")}>
            {t("seller_shop.change_logo")}
          </FileButton>
          <FileButton id={`${id}-banner`} className="px-3" accept={IMAGE_TYPES} onChange={pick("banner")}>
            {t("seller_shop.change_banner")}
          </FileButton>
        </div>
        <p className="w-full text-xs text-slate-500">
          {upload.isPending ? t("seller_shop.uploading") : t("seller_shop.image_help")}
        </p>
      </div>
    </section>
  );
}
