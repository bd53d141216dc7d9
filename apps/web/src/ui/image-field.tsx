import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from "react";
import { FieldError, FileButton } from "./fields.tsx";

type ImageRules = {
  types: readonly string[];
  maxBytes: number;
  /** The messages of a refused file, already translated. */
  badType: string;
  tooLarge: string;
};

/**
 * One image to upload with a form: the chosen file, its preview URL while chosen, and the message
 * of a refused choice. The server's rules are checked before uploading (the server checks the
 * content again).
 */
export function useImagePick({ types, maxBytes, badType, tooLarge }: ImageRules) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    // Cleared, so choosing the same file again after a fix still fires a change.
    e.target.value = "";
    if (!chosen) return;
    const problem = !types.includes(chosen.type) ? badType : chosen.size > maxBytes ? tooLarge : undefined;
    setError(problem);
    setFile(problem ? null : chosen);
  };

  return { file, preview, error, setError, choose, clear: () => setFile(null), accept: types.join(",") };
}

type Props = {
  image: ReturnType<typeof useImagePick>;
  /** A heading above the button, when the form has no other. */
  label?: string;
  button: string;
  hint: string;
  previewAlt: string;
  /** The preview's size and shape. */
  previewClassName: string;
  /** Shown while no new image is chosen. */
  placeholder: ReactNode;
};

/** The image beside its 'choose' button, the rules hint and the first error. */
export function ImageField({ image, label, button, hint, previewAlt, previewClassName, placeholder }: Props) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-4">
      {image.preview ? (
        <img src={image.preview} alt={previewAlt} className={`${previewClassName} object-cover`} />
      ) : (
        placeholder
      )}
      <div>
        {label && <span className="mb-1.5 block text-sm font-medium text-slate-700">{label}</span>}
        <FileButton
          id={id}
          accept={image.accept}
          onChange={image.choose}
          aria-describedby={`${id}-hint`}
          className="px-4"
        >
          {button}
        </FileButton>
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
        <FieldError message={image.error} />
      </div>
    </div>
  );
}
