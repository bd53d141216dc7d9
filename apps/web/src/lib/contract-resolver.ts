import { zodResolver } from "@hookform/resolvers/zod";
import { compileMessages, type MessageCatalogue, translateMessage } from "@market/contract";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

// The server's catalogues of its English texts (packages/contract/messages), one chunk a language,
// loaded with a form's first error in that language.
const files = import.meta.glob<Record<string, string>>("../../../../packages/contract/messages/*.json", {
  import: "default",
});
const catalogues = new Map<string, Promise<MessageCatalogue | undefined>>();
function catalogueOf(locale: string): Promise<MessageCatalogue | undefined> {
  let loaded = catalogues.get(locale);
  if (!loaded) {
    const load = files[`../../../../packages/contract/messages/${locale}.json`];
    loaded = load ? load().then(compileMessages) : Promise.resolve(undefined);
    catalogues.set(locale, loaded);
  }
  return loaded;
}

const isFieldError = (e: object): e is FieldError => typeof (e as { type?: unknown }).type === "string";

/**
 * A form's resolver from the contract schema of the call it submits, so the form and the server
 * check the same rules. The contract's messages are the API's English ones; in another language each
 * is said as the server says it (its catalogue), and one the catalogue lacks by its kind of problem
 * (the field's label is beside it). A form's own refinements ("custom") are already in its language.
 */
export function useContractResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S) {
  const { t, i18n } = useTranslation();
  const resolver = zodResolver(schema);
  const locale = i18n.language;
  if (locale === "en") return resolver;
  // A form's own messages, already said in its language with `t` (a required country, say).
  const ownText = (message: string | undefined) =>
    Object.values(i18n.store.data[locale] ?? {}).some((ns) =>
      Object.values(ns as Record<string, unknown>).includes(message),
    );
  const translate = (error: FieldError, value: unknown, c: MessageCatalogue | undefined): FieldError => {
    const said = c && error.message ? translateMessage(c, error.message) : undefined;
    if (said !== undefined) return { ...error, message: said };
    if (error.type === "custom" || ownText(error.message)) return error;
    const empty = value === undefined || value === null || value === "";
    const key =
      error.type === "invalid_type" || (error.type === "too_small" && empty)
        ? "common.field_required"
        : error.type === "too_big"
          ? typeof value === "string"
            ? "common.field_too_long"
            : "common.field_too_large"
          : "common.field_invalid";
    return { ...error, message: t(key) };
  };
  // Errors nest as the values do (`variants.2.stock`, `translations.ar.name`).
  const walk = (errors: unknown, values: unknown, c: MessageCatalogue | undefined): unknown => {
    if (!errors || typeof errors !== "object") return errors;
    if (isFieldError(errors)) return translate(errors, values, c);
    const at = (key: string) =>
      values && typeof values === "object" ? (values as Record<string, unknown>)[key] : undefined;
    const each = Object.entries(errors).map(([key, e]) => [key, walk(e, at(key), c)] as const);
    return Array.isArray(errors) ? Object.assign([...errors], Object.fromEntries(each)) : Object.fromEntries(each);
  };
  return (async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { ...result, errors: walk(result.errors, values, await catalogueOf(locale)) };
  }) as typeof resolver as Resolver<z.input<S>, unknown, z.output<S>>;
}
