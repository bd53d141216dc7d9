import type { Language } from "@market/contract";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/fields.tsx";
import { Tabs } from "../../ui/tabs.tsx";

type NameForm = { name: string; translations?: Record<string, { name?: string | null | undefined }> | undefined };

/** The shipped languages of the form's name: the default one, then the others, each in its own tab. */
export function NameTabs({
  languages,
  register,
  errors,
}: {
  languages: Language[];
  // biome-ignore lint/suspicious/noExplicitAny: shared by forms whose values extend NameForm
  register: UseFormRegister<any>;
  errors: FieldErrors<NameForm>;
}) {
  const { t } = useTranslation();
  const ordered = [...languages].sort((a, b) => Number(b.is_default) - Number(a.is_default));
  const errorOf = (l: Language) => (l.is_default ? errors.name?.message : errors.translations?.[l.name]?.name?.message);
  return (
    <Tabs
      label={t("admin_catalog.name_languages")}
      variant="pill"
      tabs={ordered.map((l) => ({
        value: l.name,
        title: l.title,
        invalid: !!errorOf(l),
        panel: l.is_default ? (
          <TextField
            dir={l.direction}
            label={t("admin_catalog.name_in", { language: l.title })}
            error={errors.name?.message}
            {...register("name")}
          />
        ) : (
          <TextField
            dir={l.direction}
            lang={l.name}
            label={t("admin_catalog.name_in", { language: l.title })}
            placeholder={t("admin_catalog.same_as_default")}
            error={errors.translations?.[l.name]?.name?.message}
            {...register(`translations.${l.name}.name`)}
          />
        ),
      }))}
    />
  );
}

/** The form values of translated names: every non-default language, blank when it has none. */
export function translationValues(
  languages: Language[],
  translations: Record<string, { name: string | null }> | undefined,
): Record<string, { name: string }> {
  return Object.fromEntries(
    languages.filter((l) => !l.is_default).map((l) => [l.name, { name: translations?.[l.name]?.name ?? "" }]),
  );
}
