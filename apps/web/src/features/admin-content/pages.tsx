import {
  ADMIN_CONTENT_LIMITS,
  type AdminPage,
  type AdminPageBody,
  adminPageBody,
  PAGINATION_PER_PAGE,
} from "@market/contract";
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
import { PagedList } from "../../ui/paged-list.tsx";
import { RichTextField } from "../../ui/rich-text.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { contentKeys, useAdminPage, useAdminPages, useContentWrite } from "./queries.ts";
import { LanguageTabs, RowActions, useOtherLanguages } from "./shared.tsx";

const KEYS = [contentKeys.pageLists] as const;

/** `/admin/pages`: the static pages (about us, policies, /page/{slug}), searchable, each edited in a dialog. */
export function PageManager() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const pages = useAdminPages(page, search);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const remove = useContentWrite("DELETE /admin/pages/:id", KEYS);

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PageTitle sub={t("admin_content.pages_sub")}>{t("admin_content.pages_title")}</PageTitle>
        <Button onClick={() => setEditing("new")}>{t("admin_content.add_page")}</Button>
      </div>
      <SearchForm
        className="mb-4"
        label={t("admin_content.search_pages")}
        onSearch={(s) => {
          setSearch(s);
          setPage(1);
        }}
      />
      <PagedList
        list={pages.data}
        isError={pages.isError}
        onReload={() => pages.refetch()}
        page={page}
        perPage={PAGINATION_PER_PAGE}
        onPageChange={setPage}
        empty={<EmptyState title={t("admin_content.no_pages")} />}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {rows.map((p) => (
              <li key={p.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="name-line truncate font-medium text-slate-900">{p.title}</p>
                  <p className="truncate text-xs text-slate-500" dir="ltr">
                    /{p.slug}
                  </p>
                </div>
                <RowActions
                  name={p.title}
                  onEdit={() => setEditing(p.id)}
                  onDelete={() => setDeleting({ id: p.id, title: p.title })}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t(editing === "new" ? "admin_content.add_page" : "admin_content.edit_page")}
        className="sm:max-w-3xl"
      >
        {editing !== null && (
          <PageEditor key={editing} id={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("admin_content.delete_title")}
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

function PageEditor({ id, onDone }: { id: number | null; onDone: () => void }) {
  const saved = useAdminPage(id);
  if (id != null && saved.isError) return <LoadError onReload={() => saved.refetch()} />;
  if (id != null && !saved.data) return <Skeleton className="mt-4 h-64 w-full rounded-2xl" />;
  return <PageForm page={saved.data?.page ?? null} onDone={onDone} />;
}

type TransErrors = Record<string, { title?: { message?: string }; body?: { message?: string } } | undefined>;

function PageForm({ page, onDone }: { page: AdminPage | null; onDone: () => void }) {
  const { t } = useTranslation();
  const languages = useOtherLanguages();
  const form = useForm<AdminPageBody, unknown, unknown>({
    resolver: useContractResolver(adminPageBody) as never,
    defaultValues: {
      slug: page?.slug ?? "",
      title: page?.title ?? "",
      body: page?.body ?? "",
      translations: Object.fromEntries(
        languages.map((l) => [
          l.code,
          { title: page?.translations[l.code]?.title ?? "", body: page?.translations[l.code]?.body ?? "" },
        ]),
      ),
    },
  });
  const create = useContentWrite("POST /admin/pages", KEYS);
  const update = useContentWrite("PUT /admin/pages/:id", [...KEYS, ...(page ? [contentKeys.page(page.id)] : [])]);
  const { errors } = form.formState;
  const tErrors = errors.translations as TransErrors | undefined;
  const fields = [
    "slug",
    "title",
    "body",
    ...languages.flatMap((l) => [`translations.${l.code}.title`, `translations.${l.code}.body`]),
  ] as Path<AdminPageBody>[];
  const submit = form.handleSubmit((values) => {
    const body = values as AdminPageBody;
    const done = { onSuccess: onDone, onError: (e: unknown) => showApiError(e, form.setError, fields) };
    if (page) update.mutate({ params: { id: page.id }, body }, done);
    else create.mutate({ body }, done);
  });
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <TextField
        label={t("admin_content.slug")}
        dir="ltr"
        maxLength={ADMIN_CONTENT_LIMITS.slug}
        error={errors.slug?.message}
        {...form.register("slug")}
      />
      <LanguageTabs
        hasError={(code) => (code === "en" ? !!(errors.title || errors.body) : !!tErrors?.[code])}
        base={
          <>
            <TextField
              label={t("admin_content.title")}
              maxLength={ADMIN_CONTENT_LIMITS.title}
              error={errors.title?.message}
              {...form.register("title")}
            />
            <Controller
              control={form.control}
              name="body"
              render={({ field, fieldState }) => (
                <RichTextField
                  label={t("admin_content.body")}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
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
              error={tErrors?.[l.code]?.title?.message}
              {...form.register(`translations.${l.code}.title`)}
            />
            <Controller
              control={form.control}
              name={`translations.${l.code}.body`}
              render={({ field, fieldState }) => (
                <RichTextField
                  label={t("admin_content.body_in", { language: l.title })}
                  dir={l.direction}
                  value={(field.value as string | undefined) ?? ""}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </>
        )}
      />
      <SubmitButton busy={create.isPending || update.isPending}>{t("admin_content.save")}</SubmitButton>
    </form>
  );
}
