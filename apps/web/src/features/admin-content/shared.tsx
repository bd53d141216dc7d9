import { ADMIN_CONTENT_LIMITS, DEFAULT_LOCALE } from "@market/contract";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { Button } from "../../ui/button.tsx";
import { FieldError, FileButton, inputClass } from "../../ui/fields.tsx";
import { handOffNear, useFocusHandOff, useFocusOnMove } from "../../ui/focus-return.ts";
import { Tabs } from "../../ui/tabs.tsx";
import { useMaster } from "../settings/index.ts";
import { useContentImageUpload } from "./queries.ts";

export type Language = { code: string; title: string; direction: "ltr" | "rtl" };

/** The shipped languages other than the default: one translation tab each. */
/** The default language's name as the site calls it (its tab's label). */
function useDefaultLanguageTitle(): string | undefined {
  const { data } = useMaster();
  return data?.languages.find((l) => l.name === DEFAULT_LOCALE)?.title;
}

export function useOtherLanguages(): Language[] {
  const { data } = useMaster();
  return (data?.languages ?? [])
    .filter((l) => l.name !== DEFAULT_LOCALE)
    .map((l) => ({ code: l.name, title: l.title, direction: l.direction === "rtl" ? "rtl" : "ltr" }));
}

/**
 * The record's texts per language: the default language's tab first (`base`), then one tab per
 * other language (`other`). A tab with an error is marked.
 */
export function LanguageTabs({
  base,
  other,
  hasError,
}: {
  base: ReactNode;
  other: (l: Language) => ReactNode;
  hasError?: (code: string) => boolean;
}) {
  const { t } = useTranslation();
  const languages = useOtherLanguages();
  const defaultTitle = useDefaultLanguageTitle();
  return (
    <Tabs
      label={t("admin_content.languages")}
      panelClassName="space-y-4"
      tabs={[
        { value: DEFAULT_LOCALE, title: defaultTitle ?? t("admin_content.default_language"), panel: base },
        ...languages.map((l) => ({ value: l.code, title: l.title, panel: other(l) })),
      ].map((tab) => ({ ...tab, invalid: hasError?.(tab.value) }))}
    />
  );
}

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** An image field: the current image, a button that uploads a new one at once, and the field's error. */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useContentImageUpload();
  const [problem, setProblem] = useState<string>();
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t("admin_content.image_bad_type"));
    if (file.size > ADMIN_CONTENT_LIMITS.imageBytes) return setProblem(t("admin_content.image_too_large"));
    setProblem(undefined);
    upload.mutate(file, {
      onSuccess: (data) => onChange(data.url),
      onError: (e) => setProblem(e instanceof ApiError ? (e.fieldError("image") ?? e.message) : String(e)),
    });
  };
  return (
    <div>
      <p className="mb-1.5 block text-sm font-medium text-slate-700">{label}</p>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={value} alt="" className="h-16 w-28 rounded-lg border border-slate-200 object-cover" />
        ) : (
          <div className="h-16 w-28 rounded-lg border border-dashed border-slate-300 bg-slate-50" />
        )}
        <FileButton
          id={id}
          className="px-4"
          accept={IMAGE_TYPES.join(",")}
          aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = "";
          }}
        >
          {upload.isPending ? t("admin_content.uploading") : t("admin_content.choose_image")}
        </FileButton>
      </div>
      <FieldError id={`${id}-error`} message={problem ?? error} />
    </div>
  );
}

/**
 * A row's buttons: move up and down, edit, delete. A moved row keeps the focus on its button (they
 * stay focusable while a move runs); a deleted row's Delete hands it to the row now in its place.
 */
export function RowActions({
  name,
  onUp,
  onDown,
  onEdit,
  onDelete,
  busy,
}: {
  name: string;
  /** null: shown but disabled (first or last row); undefined: not shown */
  onUp?: (() => void) | null;
  onDown?: (() => void) | null;
  onEdit: () => void;
  onDelete: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const keepFocus = useFocusOnMove();
  const deleteRef = useFocusHandOff<HTMLButtonElement>(handOffNear);
  const moveButton = (go: (() => void) | null | undefined, label: string, arrow: string) =>
    go !== undefined && (
      <Button
        variant="outline"
        size="xs"
        disabled={!go}
        aria-disabled={busy || undefined}
        data-move
        onClick={(e) => {
          if (busy || !go) return;
          keepFocus(e.currentTarget);
          go();
        }}
        aria-label={label}
        className="aria-disabled:opacity-60"
      >
        {arrow}
      </Button>
    );
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {moveButton(onUp, t("admin_content.move_up", { name }), "↑")}
      {moveButton(onDown, t("admin_content.move_down", { name }), "↓")}
      <Button variant="outline" size="xs" onClick={onEdit} aria-label={t("admin_content.edit_named", { name })}>
        {t("admin_content.edit")}
      </Button>
      <Button
        ref={deleteRef}
        variant="danger-outline"
        size="xs"
        onClick={onDelete}
        aria-label={t("admin_content.delete_named", { name })}
      >
        {t("admin_content.delete")}
      </Button>
    </div>
  );
}

/** `2031-03-01T10:00:00.000Z` → the `datetime-local` value of that moment here ("2031-03-01T11:00"). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A `datetime-local` value → ISO (UTC), or null when blank. */
export function fromLocalInput(v: string): string | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export { inputClass };
