import type { FieldValues, Path, UseFormRegister, UseFormSetError } from "react-hook-form";
import { ApiError, NetworkError } from "../api/client.ts";
import { toast } from "../ui/toast.ts";

/**
 * A failed call as spec section 8 shows it: the server's message as an error toast, and each
 * field's first message under that field when the form has it. The keyboard goes to the first
 * such field (`fields` are in the form's order), as it does for the form's own checks.
 */
export function showApiError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields: readonly Path<T>[] = [],
  fallback?: string,
) {
  if (error instanceof ApiError) {
    let shouldFocus = true;
    for (const field of fields) {
      const message = error.fieldError(field);
      if (!message || !setError) continue;
      setError(field, { type: "server", message }, { shouldFocus });
      shouldFocus = false;
    }
    toast.error(error.message || fallback);
    return;
  }
  // "No connection" says more than a fallback's "could not save".
  if (error instanceof NetworkError) toast.error(error.message);
  else toast.error(fallback || (error instanceof Error ? error.message : String(error)));
}

/**
 * Registers a form's `fields` in the page's order before its inputs do: a refused submit focuses
 * the first registered field with an error, and fields drawn by a child component (the country and
 * phone) would otherwise register after the parent's own, below them on the page.
 */
export function registerInOrder<T extends FieldValues>(register: UseFormRegister<T>, fields: readonly Path<T>[]) {
  for (const field of fields) register(field);
}
