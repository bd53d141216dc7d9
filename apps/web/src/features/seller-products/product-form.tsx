import { PRODUCT_LIMITS, type ProductFormOptions, productBody, type SellerProductDetail } from "@market/contract";
import { type ComponentProps, type ReactNode, useId } from "react";
import { Controller, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { taxName } from "../../lib/tax-name.ts";
import { BackLink } from "../../ui/back-link.tsx";
import { Button } from "../../ui/button.tsx";
import { FieldError, inputClass, SelectField, TextField } from "../../ui/fields.tsx";
import { useLeaveGuard } from "../../ui/leave-guard.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { RichTextField } from "../../ui/rich-text.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { Tabs } from "../../ui/tabs.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { emptyProduct, fieldPaths, type ProductFormValues, productValues } from "./form-values.ts";
import { ImageSection } from "./image-section.tsx";
import { useProductOptions, useSaveProduct, useSellerProduct } from "./queries.ts";
import { VariantSection } from "./variant-section.tsx";

type Form = UseFormReturn<ProductFormValues, unknown, unknown>;

/** `/seller/products/new` (no id) and `/seller/products/:id`: loads what the form needs, then the form. */
export function ProductEditor({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const options = useProductOptions();
  const product = useSellerProduct(id);
  const title = t(id == null ? "seller_products.add_product" : "seller_products.edit_product");

  if (
    id != null &&
    (!Number.isInteger(id) || id <= 0 || (product.error instanceof ApiError && product.error.status === 404))
  ) {
    return (
      <>
        <BackLink to="/seller/products">{t("seller_products.back_to_products")}</BackLink>
        <div role="alert" className="rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
          <p className="text-lg font-semibold text-slate-900">{t("seller_products.not_found")}</p>
          <p className="mt-1 text-sm text-slate-500">{t("seller_products.not_found_text")}</p>
        </div>
      </>
    );
  }
  if (options.isError || product.isError) {
    return <LoadError onReload={() => (options.isError ? options.refetch() : product.refetch())} />;
  }
  if (!options.data || (id != null && !product.data)) {
    return (
      <div aria-busy="true" className="space-y-4">
        <span className="sr-only">{t("seller_products.loading")}</span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  return (
    <>
      <BackLink to="/seller/products">{t("seller_products.back_to_products")}</BackLink>
      <PageTitle>{title}</PageTitle>
      <ProductForm key={id ?? "new"} id={id} options={options.data} saved={product.data ?? null} />
    </>
  );
}

type FormProps = { id: number | null; options: ProductFormOptions; saved: SellerProductDetail | null };

function ProductForm({ id, options, saved }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<ProductFormValues, unknown, unknown>({
    resolver: useContractResolver(productBody) as never,
    defaultValues: saved ? productValues(saved, options) : emptyProduct(options),
  }) as Form;
  const save = useSaveProduct(id);
  const { errors, isDirty } = form.formState;
  const leave = useLeaveGuard(isDirty, {
    title: t("seller_products.leave_title"),
    description: t("seller_products.leave_text"),
  });

  const submit = form.handleSubmit((values) =>
    save.mutate(values as ProductFormValues, {
      onSuccess: ({ message, data }) => {
        toast.success(message || t("seller_products.saved"), SUCCESS_TOAST);
        if (id == null) {
          leave.allowNext();
          navigate(`/seller/products/${data.product.id}`, { replace: true });
        } else form.reset(productValues(data.product, options));
      },
      onError: (e) => showApiError(e, form.setError, fieldPaths(form.getValues())),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="pb-24">
      {leave.dialog}
      {saved && saved.moderation !== "approved" && (
        <p
          role="status"
          data-testid="moderation-notice"
          className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t(`seller_products.moderation_notice_${saved.moderation}`)}
          {saved.moderation_reason && <span className="block font-medium">{saved.moderation_reason}</span>}
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Section title={t("seller_products.basics")}>
            <TextField
              label={t("seller_products.name")}
              maxLength={PRODUCT_LIMITS.name}
              error={errors.name?.message}
              {...form.register("name")}
            />
            <TextArea
              label={t("seller_products.short_description")}
              maxLength={PRODUCT_LIMITS.shortDescription}
              error={errors.short_description?.message}
              {...form.register("short_description")}
            />
            <Controller
              control={form.control}
              name="description"
              render={({ field, fieldState }) => (
                <RichTextField
                  label={t("seller_products.description")}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Section>
          {options.languages.length > 0 && (
            <Section title={t("seller_products.translations")}>
              <TranslationTabs form={form} languages={options.languages} />
            </Section>
          )}
          <Section title={t("seller_products.pricing")}>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <TextField
                label={t("seller_products.price")}
                type="number"
                step="0.01"
                min={0}
                inputMode="decimal"
                error={errors.price?.message}
                {...form.register("price", { valueAsNumber: true })}
              />
              <div>
                <TextField
                  label={t("seller_products.discount_price")}
                  type="number"
                  step="0.01"
                  min={0}
                  inputMode="decimal"
                  error={errors.discount_price?.message}
                  {...form.register("discount_price", { valueAsNumber: true })}
                />
                <p className="mt-1 text-xs text-slate-500">{t("seller_products.discount_hint")}</p>
              </div>
            </div>
          </Section>
          <Section title={t("seller_products.options")}>
            <VariantSection form={form} options={options} />
          </Section>
          <Section title={t("seller_products.images")}>
            <ImageSection form={form} />
          </Section>
          <Section title={t("seller_products.seo")}>
            <TextField
              label={t("seller_products.meta_title")}
              maxLength={PRODUCT_LIMITS.metaTitle}
              error={errors.meta_title?.message}
              {...form.register("meta_title")}
            />
            <TextArea
              label={t("seller_products.meta_description")}
              maxLength={PRODUCT_LIMITS.metaDescription}
              error={errors.meta_description?.message}
              {...form.register("meta_description")}
            />
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <Section title={t("seller_products.status")}>
            <StatusSwitch form={form} />
          </Section>
          <Section title={t("seller_products.organisation")}>
            <Organisation form={form} options={options} />
          </Section>
        </div>
      </div>
      <div
        data-bottom-bar
        className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-3 px-4 py-3">
          {saved?.url && (
            <Link to={saved.url} target="_blank" className="text-sm font-semibold text-primary-700 hover:underline">
              {t("seller_products.view_in_store")}
            </Link>
          )}
          <Button
            type="submit"
            size="lg"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
            className="disabled:opacity-60 aria-busy:cursor-wait"
          >
            {t(save.isPending ? "seller_products.saving" : "seller_products.save")}
          </Button>
        </div>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type TextAreaProps = ComponentProps<"textarea"> & { label: string; error?: string | undefined };

function TextArea({ label, error, ...props }: TextAreaProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type Language = ProductFormOptions["languages"][number];

/** A tab per shipped language other than the default: its name and texts, written in its direction. */
function TranslationTabs({ form, languages }: { form: Form; languages: Language[] }) {
  const { t } = useTranslation();
  const tErrors = form.formState.errors.translations as
    | Record<
        string,
        { name?: { message?: string }; short_description?: { message?: string }; description?: { message?: string } }
      >
    | undefined;
  return (
    <Tabs
      label={t("seller_products.translations")}
      panelClassName="space-y-4"
      tabs={languages.map((l) => {
        const e = tErrors?.[l.code];
        return {
          value: l.code,
          title: l.name,
          invalid: !!e,
          panel: (
            <>
              <TextField
                label={t("seller_products.name_in", { language: l.name })}
                dir={l.direction}
                lang={l.code}
                maxLength={PRODUCT_LIMITS.name}
                error={e?.name?.message}
                {...form.register(`translations.${l.code}.name`)}
              />
              <TextArea
                label={t("seller_products.short_description_in", { language: l.name })}
                dir={l.direction}
                lang={l.code}
                maxLength={PRODUCT_LIMITS.shortDescription}
                error={e?.short_description?.message}
                {...form.register(`translations.${l.code}.short_description`)}
              />
              <Controller
                control={form.control}
                name={`translations.${l.code}.description`}
                render={({ field, fieldState }) => (
                  <RichTextField
                    label={t("seller_products.description_in", { language: l.name })}
                    dir={l.direction}
                    value={(field.value as string | undefined) ?? ""}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </>
          ),
        };
      })}
    />
  );
}

const toId = (v: unknown) => (v === "" || v == null ? null : Number(v));

/** Category, the sub-categories of the chosen category, brand, unit and VAT. */
function Organisation({ form, options }: { form: Form; options: ProductFormOptions }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const categoryId = useWatch({ control: form.control, name: "category_id" });
  const subs = options.categories.find((c) => c.id === categoryId)?.sub_categories ?? [];
  const category = form.register("category_id", { setValueAs: (v) => toId(v) ?? undefined });
  return (
    <div className="space-y-4">
      <SelectField
        label={t("seller_products.category")}
        error={errors.category_id?.message}
        {...category}
        onChange={(e) => {
          form.setValue("sub_category_id", null);
          return category.onChange(e);
        }}
      >
        <option value="">{t("seller_products.choose")}</option>
        {options.categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("seller_products.sub_category")}
        error={errors.sub_category_id?.message}
        disabled={subs.length === 0}
        {...form.register("sub_category_id", { setValueAs: toId })}
      >
        <option value="">{t("seller_products.none")}</option>
        {subs.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("seller_products.brand")}
        error={errors.brand_id?.message}
        {...form.register("brand_id", { setValueAs: toId })}
      >
        <option value="">{t("seller_products.none")}</option>
        {options.brands.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("seller_products.unit")}
        error={errors.unit_id?.message}
        {...form.register("unit_id", { setValueAs: toId })}
      >
        <option value="">{t("seller_products.none")}</option>
        {options.units.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("seller_products.vat")}
        error={errors.vat_tax_id?.message}
        {...form.register("vat_tax_id", { setValueAs: toId })}
      >
        <option value="">{t("seller_products.none")}</option>
        {options.vat_taxes.map((c) => (
          <option key={c.id} value={c.id}>
            {taxName(t, c)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** Published (on the storefront) or draft (only here). */
function StatusSwitch({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name="is_active"
      render={({ field }) => {
        const on = field.value === true || field.value === 1;
        return (
          <label className="flex cursor-pointer items-center justify-between gap-3">
            <span className="text-sm">
              <span className="block font-medium text-slate-900" data-testid="status-label">
                {t(on ? "seller_products.published" : "seller_products.draft")}
              </span>
              <span className="block text-xs text-slate-500">
                {t(on ? "seller_products.published_hint" : "seller_products.draft_hint")}
              </span>
            </span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={on}
              aria-label={t("seller_products.published")}
              checked={on}
              onChange={(e) => field.onChange(e.target.checked)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition peer-checked:bg-primary-600 peer-focus-visible:ring-2 peer-focus-visible:ring-primary-300 after:absolute after:start-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition peer-checked:after:translate-x-5 rtl:peer-checked:after:-translate-x-5"
            />
          </label>
        );
      }}
    />
  );
}
