import {
  TICKET_ATTACHMENT_ACCEPT,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS_MAX,
} from "@market/contract";
import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, FileButton } from "../../ui/fields.tsx";
import { CloseIcon, PaperclipIcon } from "../../ui/icons.tsx";
import { formatSize } from "./format.ts";

/** The server's attachment rules, checked before uploading (the server checks the content again). */
export function attachmentProblem(file: File): "type" | "size" | null {
  const byType = file.type in TICKET_ATTACHMENT_TYPES;
  const byName = /\.(jpe?g|png|pdf)$/i.test(file.name);
  if (!byType && !(file.type === "" && byName)) return "type";
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return "size";
  return null;
}

const fileKey = (f: File) => `${f.name}:${f.size}:${f.lastModified}`;

type Props = { files: File[]; onChange: (files: File[]) => void; error?: string | undefined };

/** Up to 5 jpg/png/pdf files, listed with their size and a remove button each. */
export function AttachmentsField({ files, onChange, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const full = files.length >= TICKET_ATTACHMENTS_MAX;

  const add = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = "";
    const bad = chosen.map(attachmentProblem).find((p) => p !== null);
    if (bad) return setProblem(t(bad === "type" ? "support.file_bad_type" : "support.file_too_large"));
    // Choosing the same file again does not attach it twice.
    const next = [...files, ...chosen.filter((c) => !files.some((f) => fileKey(f) === fileKey(c)))];
    if (next.length > TICKET_ATTACHMENTS_MAX) return setProblem(t("support.too_many_files"));
    setProblem(undefined);
    onChange(next);
  };

  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-slate-700" id={`${id}-label`}>
        {t("support.attachments")}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <FileButton
          id={id}
          multiple
          accept={TICKET_ATTACHMENT_ACCEPT}
          onChange={add}
          disabled={full}
          aria-describedby={`${id}-hint`}
          className={`items-center gap-2 px-3 ${full ? "pointer-events-none opacity-50" : ""}`}
        >
          <PaperclipIcon className="size-4" />
          {t("support.add_files")}
        </FileButton>
        <span id={`${id}-hint`} className="text-xs text-slate-500">
          {t("support.attachments_hint")}
        </span>
      </div>
      {files.length > 0 && (
        <ul aria-labelledby={`${id}-label`} className="mt-3 flex flex-wrap gap-2">
          {files.map((f, i) => (
            <li
              key={fileKey(f)}
              className="inline-flex max-w-full items-center gap-2 rounded-lg bg-slate-100 py-1 ps-3 pe-1 text-sm text-slate-700"
            >
              <span className="truncate">{f.name}</span>
              <span className="shrink-0 text-xs text-slate-500" dir="ltr">
                {formatSize(f.size)}
              </span>
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={t("support.remove_file", { name: f.name })}
                className="rounded-md p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError message={problem ?? error} />
    </div>
  );
}
