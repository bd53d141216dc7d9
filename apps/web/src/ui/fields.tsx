import { asciiDigits } from "@market/contract";
import { type ComponentProps, type ReactNode, type RefObject, useId, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { EyeIcon } from "./icons.tsx";

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:border-primary-500 focus:ring-2 focus:ring-primary-200 aria-[invalid=true]:border-red-500";

type ControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };
type FrameProps = {
  label: string;
  error?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  /** the label is read by screen readers only */
  hideLabel?: boolean | undefined;
  children: (control: ControlProps) => ReactNode;
};

/** The label above a control and its first error message under it; the control gets the ids that tie them. */
function FieldFrame({ label, error, id, className = "", hideLabel, children }: FrameProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={hideLabel ? "sr-only" : "mb-1.5 block text-sm font-medium text-slate-700"}>
        {label}
      </label>
      {children({ id: fieldId, ...invalidProps(`${fieldId}-error`, error) })}
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}

type FieldProps = ComponentProps<"input"> & { label: string; error?: string; addon?: ReactNode };

/** A labelled input with its first error message under it. */
export function TextField({ label, error, addon, id, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} id={id} className={className}>
      {(control) => (
        <div className="flex gap-2">
          {addon}
          <input {...control} className={inputClass} {...input} />
        </div>
      )}
    </FieldFrame>
  );
}

type TextAreaProps = ComponentProps<"textarea"> & { label: string; error?: string | undefined; hideLabel?: boolean };

/** A labelled textarea with its first error message under it. */
export function TextAreaField({ label, error, hideLabel, id, className, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} id={id} className={className} hideLabel={hideLabel}>
      {(control) => <textarea rows={4} {...control} className={`${inputClass} resize-y`} {...textarea} />}
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, addon: _addon, id, className, ...input }: FieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={label} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <input {...control} type={shown ? "text" : "password"} className={`${inputClass} pe-11`} {...input} />
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={t(shown ? "auth.hide_password" : "auth.show_password")}
            aria-pressed={shown}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-800"
          >
            <EyeIcon crossed={shown} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * After a submit its checks refused (react-hook-form's `submitCount`, with `shouldFocusError: false`:
 * it knows only registered inputs, not their order on screen), the keyboard goes to the form's first
 * field marked invalid, as its error shows.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, submitCount: number) {
  useLayoutEffect(() => {
    if (submitCount > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, submitCount]);
}

/** The ARIA that ties a control to its error message (`FieldError` with `errorId`), when there is one. */
export const invalidProps = (errorId: string, error: string | undefined) => ({
  "aria-invalid": error ? (true as const) : undefined,
  "aria-describedby": error ? errorId : undefined,
});

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-600">
      {message}
    </p>
  );
}

type SubmitProps = { busy: boolean; disabled?: boolean; children: ReactNode; className?: string };

/**
 * A form's submit button. While the form is sent it stays focusable (a disabled button hands the
 * keyboard's focus to the page) and says it is busy, and a press or Enter does not send again.
 */
export function SubmitButton({ busy, disabled, children, className = "" }: SubmitProps) {
  return (
    <Button
      type="submit"
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (e) => e.preventDefault() : undefined}
      className={`w-full aria-busy:cursor-wait aria-busy:opacity-60 disabled:opacity-60 ${className}`}
    >
      {children}
    </Button>
  );
}

/** A text button that switches to another dialog or starts another action. */
export function LinkButton({ children, ...props }: ComponentProps<"button">) {
  return (
    <button
      type="button"
      className="font-semibold text-primary-700 hover:text-primary-800 hover:underline disabled:opacity-60"
      {...props}
    >
      {children}
    </button>
  );
}

type FileButtonProps = Omit<ComponentProps<"input">, "type" | "className"> & {
  id: string;
  /** The padding and any layout of the button's content. */
  className: string;
};

/** A button-like label around a hidden file input: it opens the file chooser and shows the keyboard focus. */
export function FileButton({ id, className, children, ...input }: FileButtonProps) {
  return (
    <label
      htmlFor={id}
      className={`inline-flex cursor-pointer rounded-lg border border-slate-300 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-primary-200 ${className}`}
    >
      {children}
      <input id={id} type="file" className="sr-only" {...input} />
    </label>
  );
}

type SelectProps = ComponentProps<"select"> & { label: string; error?: string };

/** A labelled native select with its first error message under it. */
export function SelectField({ label, error, id, className, children, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} className={inputClass} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** The dialling code shown before a phone input. */
export function PhoneCode({ code }: { code: string }) {
  return (
    <span
      dir="ltr"
      className="inline-flex min-w-14 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-slate-50 px-2 text-sm text-slate-600"
    >
      {code || "+"}
    </span>
  );
}

/** Keeps only digits in a phone input as the user types (spec section 5). */
export const digitsOnly = keepOnly(/\D/g);

/** Keeps digits and a leading + in a number with no code field beside it ("+966501234567"). */
export const phoneCharsOnly = keepOnly(/(?!^)\+|[^\d+]/g);

function keepOnly(drop: RegExp) {
  return <E extends { target: { value: string } }>(handler: (e: E) => unknown) =>
    (e: E) => {
      e.target.value = asciiDigits(e.target.value).replace(drop, "");
      return handler(e);
    };
}
