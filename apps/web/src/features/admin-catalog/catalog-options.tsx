import {
  type AdminBrand,
  type AdminColor,
  type AdminSize,
  type AdminUnit,
  adminBrandBody,
  adminColorBody,
  adminSizeBody,
  adminUnitBody,
  CATALOG_IMAGE_MAX_BYTES,
  type Language,
} from "@market/contract";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { SubmitButton, TextField } from "../../ui/fields.tsx";
import { TrashIcon } from "../../ui/icons.tsx";
import { ImageField, useImagePick } from "../../ui/image-field.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { type PageChange, Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { Tabs } from "../../ui/tabs.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useMaster } from "../settings/index.ts";
import { IMAGE_TYPES } from "./category-dialog.tsx";
import { NameTabs, translationValues } from "./name-tabs.tsx";
import {
  type AnyOption,
  OPTIONS_PER_PAGE,
  type OptionKind,
  useBrandLogo,
  useDeleteOption,
  useOptionList,
  useSaveBrand,
  useSaveColor,
  useSaveSize,
  useSaveUnit,
} from "./queries.ts";

const KINDS: readonly OptionKind[] = ["brands", "units", "sizes", "colors"];

/** Brands, units, sizes and colours, one tab each (kept in the URL: `?tab=`), each a compact table. */
export function CatalogOptions() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = KINDS.find((k) => k === params.get("tab")) ?? "brands";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const go = (next: OptionKind, nextPage = 1, how?: { replace?: boolean }) =>
    setParams(
      { ...(next !== "brands" && { tab: next }), ...(nextPage > 1 && { page: String(nextPage) }) },
      { replace: how?.replace === true },
    );
  return (
    <>
      <PageTitle sub={t("admin_catalog.options_sub")}>{t("admin_catalog.options_title")}</PageTitle>
      <Tabs
        label={t("admin_catalog.options_title")}
        variant="pill"
        value={tab}
        onValueChange={(k) => go(k as OptionKind)}
        tabs={KINDS.map((k) => ({
          value: k,
          title: t(`admin_catalog.tab_${k}`),
          panel: k === tab && <OptionTable key={k} kind={k} page={page} onPage={(p, how) => go(k, p, how)} />,
        }))}
      />
    </>
  );
}

function OptionTable({ kind, page, onPage }: { kind: OptionKind; page: number; onPage: PageChange }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useOptionList(kind, page);
  const { data: master } = useMaster();
  const [editing, setEditing] = useState<{ record?: AnyOption } | null>(null);
  const [deleting, setDeleting] = useState<AnyOption | null>(null);
  const remove = useDeleteOption();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { kind, id: deleting.id },
      {
        onSuccess: ({ message }) => {
          toast.success(message, SUCCESS_TOAST);
          setDeleting(null);
        },
        onError: (e) => {
          setDeleting(null);
          if (e instanceof ApiError && e.code === "conflict") {
            void refetch();
            toast.error(t("admin_catalog.used_by_products", { count: deleting.products_count }));
          } else showApiError(e);
        },
      },
    );
  };

  const rows = data?.data ?? [];
  return (
    <section aria-label={t(`admin_catalog.tab_${kind}`)} data-testid={`options-${kind}`}>
      <div className="mb-3 flex justify-end">
        <Button size="sm" onClick={() => setEditing({})} disabled={!master}>
          {t(`admin_catalog.add_${kind}`)}
        </Button>
      </div>
      {isError ? (
        <LoadError onReload={refetch} />
      ) : !data ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
          {t("admin_catalog.none_yet")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          {rows.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5 sm:px-4">
              <OptionPreview kind={kind} option={o} />
              <div className="min-w-0 flex-1">
                <p className="name-line truncate text-sm font-medium text-slate-900">{o.name}</p>
                <p className="truncate text-xs text-slate-500">
                  {t("admin_catalog.products_count", { count: o.products_count })}
                  {"translations" in o &&
                    Object.values(o.translations)
                      .map((x) => x.name)
                      .filter(Boolean)
                      .map((n) => ` · ${n}`)
                      .join("")}
                  {"sort" in o && ` · ${t("admin_catalog.sort")}${t("common.colon")}${o.sort}`}
                </p>
              </div>
              <div className="flex items-center gap-1.5">
                <Button
                  variant="outline"
                  size="xs"
                  weight="medium"
                  onClick={() => setEditing({ record: o })}
                  aria-label={t("common.action_named", { action: t("admin_catalog.edit"), name: o.name })}
                >
                  {t("admin_catalog.edit")}
                </Button>
                <button
                  type="button"
                  aria-label={t("admin_catalog.delete_named", { name: o.name })}
                  onClick={() => setDeleting(o)}
                  className="inline-flex size-8 items-center justify-center rounded-lg border border-slate-200 text-rose-600 hover:bg-rose-50"
                >
                  <TrashIcon className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <div className="mt-4">
          <Pagination page={page} total={data.total} perPage={OPTIONS_PER_PAGE} onChange={onPage} />
        </div>
      )}
      {editing && master && (
        <OptionDialog
          kind={kind}
          record={editing.record}
          languages={master.languages}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("admin_catalog.delete_named", { name: deleting?.name ?? "" })}
        description={
          deleting && deleting.products_count > 0
            ? t("admin_catalog.used_by_products", { count: deleting.products_count })
            : t("admin_catalog.delete_text")
        }
        confirmLabel={t("admin_catalog.delete")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}

function OptionPreview({ kind, option }: { kind: OptionKind; option: AnyOption }) {
  if (kind === "brands" && "logo" in option)
    return (
      <img src={option.logo} alt="" width={48} height={24} className="h-6 w-12 rounded bg-slate-50 object-contain" />
    );
  if (kind === "colors" && "color_code" in option)
    return (
      <span
        className="size-6 shrink-0 rounded-full ring-1 ring-slate-300"
        style={{ backgroundColor: option.color_code }}
        title={option.color_code}
      />
    );
  return null;
}

function OptionDialog({
  kind,
  record,
  languages,
  onClose,
}: {
  kind: OptionKind;
  record: AnyOption | undefined;
  languages: Language[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = t(record ? `admin_catalog.edit_${kind}` : `admin_catalog.add_${kind}`);
  let form: ReactNode;
  switch (kind) {
    case "brands":
      form = <BrandForm record={record as AdminBrand | undefined} onDone={onClose} />;
      break;
    case "units":
      form = <UnitForm record={record as AdminUnit | undefined} languages={languages} onDone={onClose} />;
      break;
    case "sizes":
      form = <SizeForm record={record as AdminSize | undefined} onDone={onClose} />;
      break;
    case "colors":
      form = <ColorForm record={record as AdminColor | undefined} languages={languages} onDone={onClose} />;
      break;
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <div className="mt-4">{form}</div>
    </Dialog>
  );
}

const done =
  (onDone: () => void) =>
  ({ message }: { message: string }) => {
    toast.success(message, SUCCESS_TOAST);
    onDone();
  };

function BrandForm({ record, onDone }: { record: AdminBrand | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBrand();
  const logo = useBrandLogo();
  const form = useForm({ resolver: useContractResolver(adminBrandBody), defaultValues: { name: record?.name ?? "" } });
  const image = useImagePick({
    types: IMAGE_TYPES,
    maxBytes: CATALOG_IMAGE_MAX_BYTES,
    badType: t("admin_catalog.image_bad_type"),
    tooLarge: t("admin_catalog.image_too_large"),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id, body });
      if (image.file) await logo.mutateAsync({ id: saved.data.id, file: image.file });
      done(onDone)(saved);
    } catch (e) {
      showApiError(e, form.setError, ["name"]);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t("admin_catalog.name")}
        error={form.formState.errors.name?.message}
        {...form.register("name")}
      />
      <ImageField
        image={image}
        label={t("admin_catalog.logo")}
        button={t("admin_catalog.choose_image")}
        hint={t("admin_catalog.image_hint")}
        previewAlt={t("admin_catalog.logo")}
        previewClassName="h-12 w-24 rounded-lg"
        placeholder={
          record ? (
            <img src={record.logo} alt="" className="h-12 w-24 rounded-lg bg-slate-50 object-contain" />
          ) : (
            <span className="h-12 w-24 rounded-lg bg-slate-100" />
          )
        }
      />
      <SubmitButton busy={form.formState.isSubmitting}>{t("admin_catalog.save")}</SubmitButton>
    </form>
  );
}

function UnitForm({
  record,
  languages,
  onDone,
}: {
  record: AdminUnit | undefined;
  languages: Language[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveUnit();
  const form = useForm({
    resolver: useContractResolver(adminUnitBody),
    defaultValues: { name: record?.name ?? "", translations: translationValues(languages, record?.translations) },
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: record?.id, body },
      { onSuccess: done(onDone), onError: (e) => showApiError(e, form.setError, ["name"]) },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <NameTabs languages={languages} register={form.register} errors={form.formState.errors} />
      <SubmitButton busy={save.isPending}>{t("admin_catalog.save")}</SubmitButton>
    </form>
  );
}

function SizeForm({ record, onDone }: { record: AdminSize | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSize();
  const form = useForm({
    resolver: useContractResolver(adminSizeBody),
    defaultValues: { name: record?.name ?? "", sort: record?.sort },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: record?.id, body },
      { onSuccess: done(onDone), onError: (e) => showApiError(e, form.setError, ["name", "sort"]) },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label={t("admin_catalog.name")} error={errors.name?.message} {...form.register("name")} />
      <TextField
        type="number"
        inputMode="numeric"
        min={0}
        label={t("admin_catalog.sort")}
        placeholder={t("admin_catalog.sort_last")}
        error={errors.sort?.message}
        {...form.register("sort", { setValueAs: (v) => (v === "" || v == null ? undefined : Number(v)) })}
      />
      <SubmitButton busy={save.isPending}>{t("admin_catalog.save")}</SubmitButton>
    </form>
  );
}

function ColorForm({
  record,
  languages,
  onDone,
}: {
  record: AdminColor | undefined;
  languages: Language[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveColor();
  const form = useForm({
    resolver: useContractResolver(adminColorBody),
    defaultValues: {
      name: record?.name ?? "",
      translations: translationValues(languages, record?.translations),
      color_code: record?.color_code ?? "#000000",
    },
  });
  const { errors } = form.formState;
  const code = form.watch("color_code");
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: record?.id, body },
      { onSuccess: done(onDone), onError: (e) => showApiError(e, form.setError, ["name", "color_code"]) },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <NameTabs languages={languages} register={form.register} errors={errors} />
      <TextField
        dir="ltr"
        label={t("admin_catalog.color_code")}
        placeholder="#1a2b3c"
        error={errors.color_code?.message}
        addon={
          <input
            type="color"
            aria-label={t("admin_catalog.pick_color")}
            value={/^#[0-9a-fA-F]{6}$/.test(code ?? "") ? code : "#000000"}
            onChange={(e) => form.setValue("color_code", e.target.value, { shouldValidate: true })}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
        }
        {...form.register("color_code")}
      />
      <SubmitButton busy={save.isPending}>{t("admin_catalog.save")}</SubmitButton>
    </form>
  );
}
