import { IMPORT_LIMITS, type ImportPreview, type ImportResult, type ImportRowError } from "@market/contract";
import { type DragEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonClass } from "../../ui/button.tsx";
import { CellLabel, cardTable } from "../../ui/card-table.tsx";
import { FieldError } from "../../ui/fields.tsx";
import { toast } from "../../ui/toast.ts";
import { downloadExport, ImportRefused, usePreviewImport, useRunImport } from "./queries.ts";

type Stage =
  | { kind: "choose" }
  | { kind: "previewed"; preview: ImportPreview }
  | { kind: "importing"; done: number; total: number }
  | { kind: "refused"; message: string; rows: ImportRowError[] }
  | { kind: "done"; result: ImportResult };

const card = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

/** The Seller Centre's CSV page: download the shop's products, preview a file's changes, import it. */
export function ProductImport() {
  return (
    <div className="grid min-w-0 gap-6">
      <ExportCard />
      <ImportCard />
    </div>
  );
}

function ExportCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExport(`products-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      toast.error(t("seller_import.download_failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={card} aria-labelledby="export-title">
      <h2 id="export-title" className="text-lg font-semibold text-slate-900">
        {t("seller_import.export_title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("seller_import.export_text")}</p>
      <Button className="mt-4" variant="outline" onClick={download} disabled={busy}>
        {t(busy ? "seller_import.downloading" : "seller_import.download")}
      </Button>
    </section>
  );
}

function ImportCard() {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; size: number; csv: string } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: "choose" });
  const preview = usePreviewImport();
  const run = useRunImport((done, total) => setStage({ kind: "importing", done, total }));
  const busy = preview.isPending || stage.kind === "importing";

  const choose = async (chosen: File | undefined) => {
    setStage({ kind: "choose" });
    setFile(null);
    setFileError(undefined);
    if (!chosen) return;
    if (chosen.size > IMPORT_LIMITS.bytes) {
      setFileError(t("seller_import.too_large"));
      return;
    }
    setFile({ name: chosen.name, size: chosen.size, csv: await chosen.text() });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) void choose(e.dataTransfer.files[0]);
  };

  const check = () => {
    if (!file) return;
    preview.mutate(
      { csv: file.csv },
      {
        onSuccess: (p) => setStage({ kind: "previewed", preview: p }),
        onError: (e) => {
          toast.error(e.message);
          setStage({ kind: "choose" });
        },
      },
    );
  };
  const start = () => {
    if (!file) return;
    setStage({ kind: "importing", done: 0, total: 0 });
    run.mutate(
      { csv: file.csv },
      {
        onSuccess: (result) => {
          toast.success(t("seller_import.done_title"));
          setStage({ kind: "done", result });
        },
        onError: (e) => {
          const rows = e instanceof ImportRefused ? e.rows : [];
          toast.error(e.message);
          setStage({ kind: "refused", message: e.message, rows });
        },
      },
    );
  };

  const canImport = stage.kind === "previewed" && stage.preview.errors.length === 0;

  return (
    <section className={card} aria-labelledby="import-title">
      <h2 id="import-title" className="text-lg font-semibold text-slate-900">
        {t("seller_import.import_title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("seller_import.import_text")}</p>
      <details className="mt-3 text-sm text-slate-600">
        <summary className="cursor-pointer font-medium text-primary-700">{t("seller_import.format_title")}</summary>
        <p className="mt-2">{t("seller_import.format_text")}</p>
      </details>

      {stage.kind !== "done" && (
        <>
          <label
            htmlFor={inputId}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`mt-4 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-8 text-center text-sm focus-within:ring-2 focus-within:ring-primary-200 ${
              dragging ? "border-primary-500 bg-primary-50" : "border-slate-300 bg-slate-50 hover:bg-slate-100"
            }`}
          >
            <span className="text-slate-700">{t("seller_import.drop")}</span>
            <span className="font-semibold text-primary-700">{t("seller_import.choose")}</span>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              disabled={busy}
              aria-describedby={fileError ? `${inputId}-error` : undefined}
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
          </label>
          <FieldError id={`${inputId}-error`} message={fileError} />
          {file && (
            <p className="mt-3 break-all text-sm text-slate-700" data-testid="chosen-file">
              {t("seller_import.chosen", { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="outline" onClick={check} disabled={!file || busy}>
              {t(preview.isPending ? "seller_import.previewing" : "seller_import.preview")}
            </Button>
            <Button onClick={start} disabled={!canImport || busy}>
              {t(stage.kind === "importing" ? "seller_import.importing" : "seller_import.import")}
            </Button>
          </div>
        </>
      )}

      {stage.kind === "previewed" && <PreviewSummary preview={stage.preview} />}
      {stage.kind === "importing" && <Progress done={stage.done} total={stage.total} />}
      {stage.kind === "refused" && (
        <div className="mt-6" role="alert">
          <p className="font-semibold text-red-700">{t("seller_import.failed")}</p>
          <p className="mt-1 text-sm text-slate-700">{stage.message}</p>
          {stage.rows.length > 0 && <RowErrors rows={stage.rows} />}
        </div>
      )}
      {stage.kind === "done" && (
        <div className="mt-6" role="status">
          <p className="text-lg font-semibold text-emerald-700">{t("seller_import.done_title")}</p>
          <p className="mt-1 text-sm text-slate-700">{t("seller_import.done_text", stage.result)}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to="/seller/products" className={`${buttonClass("primary")} inline-flex items-center`}>
              {t("seller_import.back")}
            </Link>
            <Button
              variant="outline"
              onClick={() => {
                setFile(null);
                setStage({ kind: "choose" });
              }}
            >
              {t("seller_import.another")}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function PreviewSummary({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  const counts = [
    ["to_create", preview.create],
    ["to_update", preview.update],
    ["unchanged", preview.unchanged],
    ["variant_rows", preview.variant_rows],
  ] as const;
  return (
    <div className="mt-6" aria-live="polite">
      <h3 className="text-base font-semibold text-slate-900">{t("seller_import.preview_title")}</h3>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([key, n]) => (
          <div key={key} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{t(`seller_import.${key}`)}</dt>
            <dd className="text-xl font-semibold text-slate-900" data-testid={`count-${key}`}>
              {n}
            </dd>
          </div>
        ))}
      </dl>
      {preview.errors.length > 0 ? (
        <RowErrors rows={preview.errors} />
      ) : (
        <p className="mt-4 text-sm text-emerald-700">
          {t(preview.create + preview.update > 0 ? "seller_import.no_errors" : "seller_import.nothing_to_do")}
        </p>
      )}
    </div>
  );
}

/** The rows to fix: a table on wide screens, one card per problem on a phone. */
function RowErrors({ rows }: { rows: ImportRowError[] }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4">
      <p className="font-semibold text-red-700">{t("seller_import.errors_title", { count: rows.length })}</p>
      <p className="mt-1 text-sm text-slate-600">{t("seller_import.errors_hint")}</p>
      <div className="mt-3 max-h-96 overflow-y-auto rounded-xl border border-slate-200">
        <table className={cardTable.table}>
          <thead className={cardTable.head}>
            <tr>
              {(["col_row", "col_column", "col_message"] as const).map((c) => (
                <th key={c} scope="col" className={cardTable.th}>
                  {t(`seller_import.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={cardTable.body}>
            {rows.map((e) => (
              <tr key={`${e.row}-${e.column}-${e.message}`} className={`${cardTable.row} grid-cols-[auto_1fr]`}>
                <td className={cardTable.cell}>
                  <CellLabel>{t("seller_import.col_row")}</CellLabel>
                  <span className="font-semibold tabular-nums">{e.row}</span>
                </td>
                <td className={cardTable.cell}>
                  <CellLabel>{t("seller_import.col_column")}</CellLabel>
                  <code dir="ltr" className="break-all">
                    {e.column || "—"}
                  </code>
                </td>
                <td className={`${cardTable.cell} col-span-2 break-words text-slate-700`}>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6" aria-live="polite">
      <progress
        className="h-3 w-full overflow-hidden rounded-full accent-primary-600"
        max={Math.max(1, total)}
        value={done}
        aria-label={t("seller_import.progress_label")}
      />
      <p className="mt-2 text-sm text-slate-700">
        {total > 0 ? t("seller_import.progress", { done, total }) : t("seller_import.importing")}
      </p>
    </div>
  );
}
