import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../api/client.ts";
import { toast } from "../ui/toast.ts";

/**
 * A failed call as spec section 8 shows it: the server's message as an error toast, and each
 * field's first message under that field when the form has it.
 */
export function showApiError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields: readonly Path<T>[] = [],
  fallback?: string,
) {
  if (error instanceof ApiError) {
    for (const field of fields) {
      const message = error.fieldError(field);
      if (message && setError) setError(field, { type: "server", message });
    }
    toast.error(error.message || fallback);
    return;
  }
  toast.error(fallback || (error instanceof Error ? error.message : String(error)));
}
