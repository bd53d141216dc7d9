import type { AdminLanguage, TranslationsImportData } from "@market/contract";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FileButton, inputClass } from "../../ui/fields.tsx";
import { LoadError } from "../../ui/load-error.tsx";
import { Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { TRANSLATIONS_PER_PAGE, translationsInput, useTranslationsPage, useTranslationWrites } from "./queries.ts";

/** The interface texts of one language in a table: English beside this language's text, filtered and paged. */
export function TranslationsEditor({ language, onClose }: { language: AdminLanguage; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [missingOnly, setMissingOnly] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<{ texts: Record<string, string>; data: TranslationsImportData } | null>(null);
  const query = useTranslationsPage(translationsInput(language.id, page, search.trim(), missingOnly));
  const writes = useTranslationWrites(language.id);
  const changed = Object.keys(drafts).length;
  // Opened below the list, out of sight on a phone: brought into view, its heading focused.
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const saveDrafts = () =>
    writes.save.mutate(drafts, {
      onSuccess: (res) => {
        setDrafts({});
        toast.success(res.message, SUCCESS_TOAST);
      },
      onError: (e) => showApiError(e),
    });

  const download = async () => {
    try {
      const texts = await writes.exportFile();
      const url = URL.createObjectURL(new Blob([JSON.stringify(texts, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `${language.code}.json`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      showApiError(e);
    }
  };

  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    let texts: Record<string, string>;
    try {
      const parsed = JSON.parse(await file.text()) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      texts = Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).filter(
          (kv): kv is [string, string] => typeof kv[1] === "string",
        ),
      );
    } catch {
      toast.error(t("admin_settings.import_bad_file"));
      return;
    }
    writes.importFile.mutate(
      { texts, apply: false },
      { onSuccess: ({ data }) => setPreview({ texts, data }), onError: (err) => showApiError(err) },
    );
  };

  const apply = () =>
    preview &&
    writes.importFile.mutate(
      { texts: preview.texts, apply: true },
      {
        onSuccess: (res) => {
          setPreview(null);
          toast.success(res.message, SUCCESS_TOAST);
        },
        onError: (err) => showApiError(err),
      },
    );

  return (
    <section
      ref={sectionRef}
      className="scroll-mt-24 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby={`${id}-title`}
      data-testid="translations-editor"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id={`${id}-title`}
            className="text-lg font-semibold text-slate-900 outline-none"
          >
            {t("admin_settings.translations_of", { language: language.title })}
          </h2>
          <p className="text-sm text-slate-600">
            {t("admin_settings.missing_count", { count: query.data?.missing ?? language.missing })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="xs" variant="outline" onClick={download}>
            {t("admin_settings.export_json")}
          </Button>
          <FileButton id={`${id}-import`} className="px-3 text-xs" accept="application/json,.json" onChange={readFile}>
            {t("admin_settings.import_json")}
          </FileButton>
          <Button size="xs" variant="outline" onClick={onClose}>
            {t("admin_settings.close")}
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-48">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{t("admin_settings.search_texts")}</span>
          <input
            type="search"
            className={inputClass}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="flex items-center gap-2 py-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-primary-600"
            checked={missingOnly}
            onChange={(e) => {
              setMissingOnly(e.target.checked);
              setPage(1);
            }}
          />
          {t("admin_settings.missing_only")}
        </label>
      </div>

      {query.isError ? (
        <LoadError onReload={query.refetch} />
      ) : !query.data ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : query.data.data.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t("admin_settings.no_texts")}</p>
      ) : (
        <div className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          <div className="hidden gap-3 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-600 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)]">
            <span>{t("admin_settings.key")}</span>
            <span>{t("admin_settings.english")}</span>
            <span>{language.title}</span>
          </div>
          {query.data.data.map((row) => (
            <div
              key={row.key}
              className="grid grid-cols-1 gap-1.5 px-3 py-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)] md:gap-3"
            >
              <span dir="ltr" className="break-all font-mono text-xs text-slate-500">
                {row.key}
              </span>
              <span dir="ltr" className="break-words text-sm text-slate-700">
                {row.source}
              </span>
              <textarea
                rows={1}
                dir={language.direction}
                aria-label={t("admin_settings.text_for", { key: row.key })}
                placeholder={row.text === null ? t("admin_settings.missing") : undefined}
                className={`${inputClass} min-h-10 resize-y py-2 ${row.text === null && drafts[row.key] === undefined ? "border-amber-300 bg-amber-50" : ""}`}
                value={drafts[row.key] ?? row.text ?? ""}
                onChange={(e) => setDrafts((d) => ({ ...d, [row.key]: e.target.value }))}
              />
            </div>
          ))}
        </div>
      )}

      <Pagination page={page} total={query.data?.total ?? 0} perPage={TRANSLATIONS_PER_PAGE} onChange={setPage} />

      <div data-bottom-bar className="sticky bottom-0 flex flex-wrap items-center gap-3 bg-white/90 py-2 backdrop-blur">
        <Button
          disabled={changed === 0 || writes.save.isPending}
          aria-busy={writes.save.isPending || undefined}
          onClick={saveDrafts}
        >
          {t("admin_settings.save_texts", { count: changed })}
        </Button>
        {changed > 0 && (
          <Button variant="outline" onClick={() => setDrafts({})}>
            {t("admin_settings.discard")}
          </Button>
        )}
      </div>

      <Dialog
        open={preview !== null}
        onOpenChange={(open) => !open && setPreview(null)}
        title={t("admin_settings.import_preview")}
        description={t("admin_settings.import_summary", {
          changed: preview?.data.changed.length ?? 0,
          unknown: preview?.data.unknown.length ?? 0,
          unchanged: preview?.data.unchanged ?? 0,
        })}
      >
        {preview && (
          <div className="mt-4 space-y-4">
            {preview.data.changed.length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">{t("admin_settings.import_changed")}</h3>
                <ul className="mt-2 max-h-60 space-y-2 overflow-y-auto text-xs">
                  {preview.data.changed.map((c) => (
                    <li key={c.key} className="rounded-lg bg-slate-50 p-2">
                      <span dir="ltr" className="block break-all font-mono text-slate-500">
                        {c.key}
                      </span>
                      {c.before !== null && <del className="block break-words text-slate-500">{c.before}</del>}
                      <ins className="block break-words text-emerald-800 no-underline">{c.after}</ins>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {preview.data.unknown.length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">{t("admin_settings.import_unknown")}</h3>
                <ul dir="ltr" className="mt-2 max-h-32 overflow-y-auto break-all font-mono text-xs text-amber-800">
                  {preview.data.unknown.map((k) => (
                    <li key={k}>{k}</li>
                  ))}
                </ul>
              </div>
            )}
            <div className="flex justify-end gap-3">
              <Button variant="outline" size="sm" onClick={() => setPreview(null)}>
                {t("common.cancel")}
              </Button>
              <Button
                size="sm"
                disabled={preview.data.changed.length === 0 || writes.importFile.isPending}
                onClick={apply}
              >
                {t("admin_settings.import_apply")}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
