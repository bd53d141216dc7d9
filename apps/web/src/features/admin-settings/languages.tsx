import {
  type AdminLanguage,
  type LanguageBody,
  languageBody,
  type NewLanguageBody,
  newLanguageBody,
} from "@market/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { SelectField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { useLanguages, useLanguageWrites } from "./queries.ts";
import { TranslationsEditor } from "./translations-editor.tsx";

const done = ({ message }: { message: string }) => toast.success(message, SUCCESS_TOAST);

/** The languages the storefront offers; the chosen one's interface texts open below the list (`?lang=`). */
export function LanguageManager() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useLanguages();
  const writes = useLanguageWrites();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminLanguage | null>(null);
  const [deleting, setDeleting] = useState<AdminLanguage | null>(null);
  if (isError) return <LoadError onReload={refetch} />;
  if (!data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  const selected = data.find((l) => String(l.id) === params.get("lang"));

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setAdding(true)}>
          {t("admin_settings.add_language")}
        </Button>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {data.map((l) => (
          <li
            key={l.id}
            className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4"
            data-testid={`language-${l.code}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-base font-semibold text-slate-900">
                  {l.title} <span className="text-sm font-normal text-slate-500">({l.name})</span>
                </p>
                <p className="text-xs text-slate-500">
                  <span dir="ltr" className="font-mono">
                    {l.code}
                  </span>{" "}
                  · {t(`admin_settings.direction_${l.direction}`)}
                </p>
              </div>
              {l.is_default && (
                <span className="rounded-full bg-primary-100 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
                  {t("admin_settings.default")}
                </span>
              )}
            </div>
            <p className={`mt-2 text-sm ${l.missing > 0 ? "text-amber-700" : "text-emerald-700"}`}>
              {l.missing > 0
                ? t("admin_settings.missing_count", { count: l.missing })
                : t("admin_settings.all_translated")}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="xs"
                onClick={() => setParams({ lang: String(l.id) })}
                aria-label={t("common.action_named", { action: t("admin_settings.translations"), name: l.name })}
              >
                {t("admin_settings.translations")}
              </Button>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setEditing(l)}
                aria-label={t("common.action_named", { action: t("admin_settings.edit"), name: l.name })}
              >
                {t("admin_settings.edit")}
              </Button>
              {!l.is_default && (
                <Button
                  size="xs"
                  variant="outline"
                  disabled={writes.makeDefault.isPending}
                  onClick={() => writes.makeDefault.mutate(l.id, { onSuccess: done, onError: (e) => showApiError(e) })}
                  aria-label={t("common.action_named", { action: t("admin_settings.make_default"), name: l.name })}
                >
                  {t("admin_settings.make_default")}
                </Button>
              )}
              {!l.is_default && l.code !== "en" && (
                <Button
                  size="xs"
                  variant="danger-outline"
                  onClick={() => setDeleting(l)}
                  aria-label={t("common.action_named", { action: t("admin_settings.delete"), name: l.name })}
                >
                  {t("admin_settings.delete")}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>

      {selected && <TranslationsEditor key={selected.id} language={selected} onClose={() => setParams({})} />}

      <Dialog open={adding} onOpenChange={setAdding} title={t("admin_settings.add_language")}>
        <LanguageForm onDone={() => setAdding(false)} />
      </Dialog>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t("admin_settings.edit_language")}
      >
        {editing && <LanguageForm language={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("admin_settings.delete_language")}
        description={t("admin_settings.delete_language_text", { name: deleting?.name ?? "" })}
        confirmLabel={t("admin_settings.delete")}
        tone="danger"
        busy={writes.remove.isPending}
        onConfirm={() =>
          deleting &&
          writes.remove.mutate(deleting.id, {
            onSuccess: (res) => {
              done(res);
              setDeleting(null);
              if (params.get("lang") === String(deleting.id)) setParams({});
            },
            onError: (e) => showApiError(e),
          })
        }
      />
    </div>
  );
}

function LanguageForm({ language, onDone }: { language?: AdminLanguage; onDone: () => void }) {
  return language ? <EditLanguage language={language} onDone={onDone} /> : <NewLanguage onDone={onDone} />;
}

function NewLanguage({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { create } = useLanguageWrites();
  const form = useForm<NewLanguageBody>({
    resolver: useContractResolver(newLanguageBody),
    defaultValues: { code: "", name: "", title: "", direction: "ltr" },
  });
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (res) => {
        done(res);
        onDone();
      },
      onError: (e) => showApiError(e, form.setError, ["code", "name", "title", "direction"]),
    }),
  );
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <TextField
        dir="ltr"
        label={t("admin_settings.language_code")}
        placeholder="de"
        error={errors.code?.message}
        {...form.register("code")}
      />
      <LanguageFields form={form as unknown as ReturnType<typeof useForm<LanguageBody>>} />
      <SubmitButton busy={create.isPending}>{t("admin_settings.add_language")}</SubmitButton>
    </form>
  );
}

function EditLanguage({ language, onDone }: { language: AdminLanguage; onDone: () => void }) {
  const { t } = useTranslation();
  const { update } = useLanguageWrites();
  const form = useForm<LanguageBody>({
    resolver: useContractResolver(languageBody),
    defaultValues: { name: language.name, title: language.title, direction: language.direction },
  });
  const submit = form.handleSubmit((body) =>
    update.mutate(
      { id: language.id, body },
      {
        onSuccess: (res) => {
          done(res);
          onDone();
        },
        onError: (e) => showApiError(e, form.setError, ["name", "title", "direction"]),
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <LanguageFields form={form} />
      <SubmitButton busy={update.isPending}>{t("admin_settings.save")}</SubmitButton>
    </form>
  );
}

function LanguageFields({ form }: { form: ReturnType<typeof useForm<LanguageBody>> }) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return (
    <>
      <TextField label={t("admin_settings.language_name")} error={errors.name?.message} {...form.register("name")} />
      <TextField label={t("admin_settings.language_title")} error={errors.title?.message} {...form.register("title")} />
      <SelectField
        label={t("admin_settings.direction")}
        error={errors.direction?.message}
        {...form.register("direction")}
      >
        <option value="ltr">{t("admin_settings.direction_ltr")}</option>
        <option value="rtl">{t("admin_settings.direction_rtl")}</option>
      </SelectField>
    </>
  );
}
