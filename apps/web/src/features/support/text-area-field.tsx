import { type ComponentProps, useId } from "react";
import { FieldError, inputClass } from "../../ui/fields.tsx";

type Props = ComponentProps<"textarea"> & { label: string; error?: string | undefined; hideLabel?: boolean };

/** A labelled textarea with its first error message under it. */
export function TextAreaField({ label, error, hideLabel, id, className = "", ...textarea }: Props) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={hideLabel ? "sr-only" : "mb-1.5 block text-sm font-medium text-slate-700"}>
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={`${inputClass} resize-y`}
        {...textarea}
      />
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}
