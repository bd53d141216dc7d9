import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

/**
 * A form's resolver from the contract schema of the call it submits, so the form and the server
 * check the same rules. The contract's messages are the API's English ones; in another language a
 * field's message is said in that language instead (the field's label is beside it).
 */
export function useContractResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S) {
  const { t, i18n } = useTranslation();
  const resolver = zodResolver(schema);
  if (i18n.language === "en") return resolver;
  const translate = (error: FieldError): FieldError => {
    // Messages a form wrote itself (in its language) stay; the contract's say "The x field …".
    if (!error.message?.startsWith("The ")) return error;
    const max = error.message?.match(/\d+/)?.[0];
    const message =
      error.type === "too_big" && max
        ? t("common.field_too_long", { max })
        : error.type === "invalid_type" || (error.type === "too_small" && error.message?.includes("required"))
          ? t("common.field_required")
          : t("common.field_invalid");
    return { ...error, message };
  };
  return (async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors: Record<string, unknown> = {};
    for (const [name, error] of Object.entries(result.errors as FieldErrors)) {
      errors[name] = error && "type" in error ? translate(error as FieldError) : error;
    }
    return { ...result, errors };
  }) as typeof resolver as Resolver<z.input<S>, unknown, z.output<S>>;
}
