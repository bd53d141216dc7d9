import { useEffect, useMemo, useState } from "react";
import { FieldError, FileButton, invalidProps } from "./fields.tsx";
import { CloseIcon } from "./icons.tsx";

// Photos added to a form (a review, a return request): previews, a remove button on each, and
// the obvious checks (size, how many) before the server checks them by content.

/** The files chosen so far, their preview URLs and the room left under `max` (photos kept count too). */
export function usePhotoFiles(o: { max: number; maxBytes: number; kept?: number; tooLarge: string; tooMany: string }) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const u of previews) URL.revokeObjectURL(u);
    },
    [previews],
  );
  const room = o.max - (o.kept ?? 0) - files.length;
  /** Adds what fits: a file too large is left out, and so are the files past the room left; the error says why. */
  const add = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    const small = picked.filter((f) => f.size <= o.maxBytes);
    const taken = small.slice(0, Math.max(room, 0));
    setError(small.length < picked.length ? o.tooLarge : taken.length < small.length ? o.tooMany : undefined);
    setFiles((f) => [...f, ...taken]);
  };
  const remove = (i: number) => setFiles((f) => f.filter((_, j) => j !== i));
  /** the server refused a photo: say so under the field */
  const refuse = (message: string) => setError(message);
  return { files, previews, room, error, add, remove, refuse, clear: () => setFiles([]) };
}

export function PhotoThumb({ url, onRemove, label }: { url: string; onRemove: () => void; label: string }) {
  return (
    <li className="relative">
      <img
        src={url}
        alt=""
        width={64}
        height={64}
        className="size-16 rounded-lg border border-slate-200 object-cover"
      />
      <button
        type="button"
        onClick={onRemove}
        aria-label={label}
        className="absolute -end-2 -top-2 rounded-full bg-white p-0.5 text-slate-600 shadow ring-1 ring-slate-200 hover:text-slate-900"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/** The photos field: its label, the thumbnails (kept ones first), an add button while there is room, the error. */
export function PhotoPicker({
  id,
  label,
  photos,
  kept = [],
  accept,
  addLabel,
  removeLabel,
}: {
  id: string;
  label: string;
  photos: ReturnType<typeof usePhotoFiles>;
  kept?: { url: string; onRemove: () => void }[];
  accept: string;
  addLabel: string;
  removeLabel: string;
}) {
  const thumbs = [
    ...kept.map((k) => ({ url: k.url, onRemove: k.onRemove })),
    ...photos.previews.map((url, i) => ({ url, onRemove: () => photos.remove(i) })),
  ];
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">{label}</p>
      {thumbs.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {thumbs.map((p) => (
            <PhotoThumb key={p.url} url={p.url} onRemove={p.onRemove} label={removeLabel} />
          ))}
        </ul>
      )}
      {photos.room > 0 && (
        <FileButton
          id={id}
          className="mt-2 px-4"
          accept={accept}
          multiple
          {...invalidProps(`${id}-error`, photos.error)}
          onChange={(e) => {
            photos.add(e.target.files);
            e.target.value = "";
          }}
        >
          {addLabel}
        </FileButton>
      )}
      <FieldError id={`${id}-error`} message={photos.error} />
    </div>
  );
}
