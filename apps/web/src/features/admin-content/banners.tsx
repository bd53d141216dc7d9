import { ADMIN_CONTENT_LIMITS, type AdminBanner, type AdminBannerBody, adminBannerBody } from "@market/contract";
import { useState } from "react";
import { Controller, type Path, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SubmitButton, TextField } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { formatDateTime, isolated } from "../i18n/index.ts";
import { contentKeys, useBanners, useContentWrite } from "./queries.ts";
import { fromLocalInput, ImageInput, LanguageTabs, RowActions, toLocalInput, useOtherLanguages } from "./shared.tsx";

const KEYS = [contentKeys.banners] as const;

/** `/admin/banners`: the home page's banners in their order, each with its schedule. */
export function BannerManager() {
  const { t } = useTranslation();
  const banners = useBanners();
  const [editing, setEditing] = useState<AdminBanner | "new" | null>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const move = useContentWrite("POST /admin/banners/:id/move", KEYS);
  const remove = useContentWrite("DELETE /admin/banners/:id", KEYS);
  const list = banners.data?.banners;

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PageTitle sub={t("admin_content.banners_sub")}>{t("admin_content.banners_title")}</PageTitle>
        <Button onClick={() => setEditing("new")}>{t("admin_content.add_banner")}</Button>
      </div>
      {banners.isError ? (
        <LoadError onReload={() => banners.refetch()} />
      ) : !list ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : list.length === 0 ? (
        <EmptyState title={t("admin_content.no_banners")} />
      ) : (
        <ul className="space-y-3">
          {list.map((b, i) => (
            <li
              key={b.id}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
            >
              <img src={b.image} alt="" className="h-20 w-full rounded-lg object-cover sm:w-40" />
              <div className="min-w-0 flex-1">
                <p className="name-line truncate font-semibold text-slate-900">{b.title}</p>
                {b.subtitle && <p className="truncate text-sm text-slate-600">{b.subtitle}</p>}
                <p className="truncate text-xs text-slate-500" dir="ltr">
                  {b.url}
                </p>
                <p className="mt-1 text-xs">
                  <span
                    className={`rounded-full px-2 py-0.5 font-medium ${b.live ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600"}`}
                  >
                    {t(b.live ? "admin_content.live" : "admin_content.not_live")}
                  </span>{" "}
                  {(b.starts_at || b.ends_at) && (
                    <span className="text-slate-500">
                      {t("admin_content.window", {
                        from: b.starts_at ? isolated(formatDateTime(b.starts_at)) : "—",
                        to: b.ends_at ? isolated(formatDateTime(b.ends_at)) : "—",
                      })}
                    </span>
                  )}
                </p>
              </div>
              <RowActions
                name={b.title}
                busy={move.isPending}
                onUp={i > 0 ? () => move.mutate({ params: { id: b.id }, body: { direction: "up" } }) : null}
                onDown={
                  i < list.length - 1 ? () => move.mutate({ params: { id: b.id }, body: { direction: "down" } }) : null
                }
                onEdit={() => setEditing(b)}
                onDelete={() => setDeleting(b)}
              />
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t(editing === "new" ? "admin_content.add_banner" : "admin_content.edit_banner")}
        className="sm:max-w-2xl"
      >
        {editing !== null && (
          <BannerForm
            key={editing === "new" ? "new" : editing.id}
            banner={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("admin_content.delete_banner")}
        description={t("admin_content.delete_confirm", { name: deleting?.title ?? "" })}
        confirmLabel={t("admin_content.delete")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { params: { id: deleting.id } },
            { onSuccess: () => setDeleting(null), onError: (e) => showApiError(e) },
          )
        }
      />
    </>
  );
}

function BannerForm({ banner, onDone }: { banner: AdminBanner | null; onDone: () => void }) {
  const { t } = useTranslation();
  const languages = useOtherLanguages();
  const form = useForm<AdminBannerBody, unknown, unknown>({
    resolver: useContractResolver(adminBannerBody) as never,
    defaultValues: {
      title: banner?.title ?? "",
      subtitle: banner?.subtitle ?? "",
      image: banner?.image ?? "",
      url: banner?.url ?? "",
      starts_at: banner?.starts_at ?? null,
      ends_at: banner?.ends_at ?? null,
      translations: Object.fromEntries(
        languages.map((l) => [
          l.code,
          {
            title: banner?.translations[l.code]?.title ?? "",
            subtitle: banner?.translations[l.code]?.subtitle ?? "",
          },
        ]),
      ),
    },
  });
  const create = useContentWrite("POST /admin/banners", KEYS);
  const update = useContentWrite("PUT /admin/banners/:id", KEYS);
  const { errors } = form.formState;
  const fields = [
    "title",
    "subtitle",
    "image",
    "url",
    "starts_at",
    "ends_at",
    ...languages.flatMap((l) => [`translations.${l.code}.title`, `translations.${l.code}.subtitle`]),
  ] as Path<AdminBannerBody>[];
  const submit = form.handleSubmit((values) => {
    const body = values as AdminBannerBody;
    const done = { onSuccess: onDone, onError: (e: unknown) => showApiError(e, form.setError, fields) };
    if (banner) update.mutate({ params: { id: banner.id }, body }, done);
    else create.mutate({ body }, done);
  });
  const tErr = (code: string) =>
    errors.translations?.[code] as { title?: { message?: string }; subtitle?: { message?: string } } | undefined;

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <LanguageTabs
        hasError={(code) => (code === "en" ? !!(errors.title || errors.subtitle) : !!tErr(code))}
        base={
          <>
            <TextField
              label={t("admin_content.title")}
              maxLength={ADMIN_CONTENT_LIMITS.title}
              error={errors.title?.message}
              {...form.register("title")}
            />
            <TextField
              label={t("admin_content.subtitle")}
              maxLength={ADMIN_CONTENT_LIMITS.subtitle}
              error={errors.subtitle?.message}
              {...form.register("subtitle")}
            />
          </>
        }
        other={(l) => (
          <>
            <TextField
              label={t("admin_content.title_in", { language: l.title })}
              dir={l.direction}
              lang={l.code}
              maxLength={ADMIN_CONTENT_LIMITS.title}
              error={tErr(l.code)?.title?.message}
              {...form.register(`translations.${l.code}.title`)}
            />
            <TextField
              label={t("admin_content.subtitle_in", { language: l.title })}
              dir={l.direction}
              lang={l.code}
              maxLength={ADMIN_CONTENT_LIMITS.subtitle}
              error={tErr(l.code)?.subtitle?.message}
              {...form.register(`translations.${l.code}.subtitle`)}
            />
          </>
        )}
      />
      <Controller
        control={form.control}
        name="image"
        render={({ field, fieldState }) => (
          <ImageInput
            label={t("admin_content.image")}
            hint={t("admin_content.banner_image_hint")}
            value={field.value ?? ""}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label={t("admin_content.link")}
        dir="ltr"
        placeholder="/shops"
        maxLength={ADMIN_CONTENT_LIMITS.url}
        error={errors.url?.message}
        {...form.register("url")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {(["starts_at", "ends_at"] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                label={t(name === "starts_at" ? "admin_content.starts_at" : "admin_content.ends_at")}
                type="datetime-local"
                value={toLocalInput(field.value)}
                onChange={(e) => field.onChange(fromLocalInput(e.target.value))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </div>
      <SubmitButton busy={create.isPending || update.isPending}>{t("admin_content.save")}</SubmitButton>
    </form>
  );
}
