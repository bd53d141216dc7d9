import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

/**
 * A form's resolver from the contract schema of the call it submits, so the form and the server
 * check the same rules. The contract's messages are the API's English ones; in another language a
 * field's problem is said in that language instead (the field's label is beside it).
 */
export function useContractResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S) {
  const { t, i18n } = useTranslation();
  const resolver = zodResolver(schema);
  if (i18n.language === "en") return resolver;
  // By the kind of problem: a form's own refinements ("custom") are already in its language.
  const translate = (error: FieldError, value: unknown): FieldError => {
    if (error.type === "custom") return error;
    const empty = value === undefined || value === null || value === "";
    const key =
      error.type === "invalid_type" || (error.type === "too_small" && empty)
        ? "common.field_required"
        : error.type === "too_big"
          ? "common.field_too_long"
          : "common.field_invalid";
    return { ...error, message: t(key) };
  };
  return (async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors: Record<string, unknown> = {};
    for (const [name, error] of Object.entries(result.errors as FieldErrors)) {
      errors[name] = error && "type" in error ? translate(error as FieldError, values[name]) : error;
    }
    return { ...result, errors };
  }) as typeof resolver as Resolver<z.input<S>, unknown, z.output<S>>;
}
