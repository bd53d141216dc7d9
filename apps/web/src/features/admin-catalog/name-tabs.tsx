import type { Language } from "@market/contract";
import { useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/fields.tsx";

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
  const [active, setActive] = useState(ordered[0]?.name ?? "en");
  const errorOf = (l: Language) => (l.is_default ? errors.name?.message : errors.translations?.[l.name]?.name?.message);
  return (
    <div>
      <div role="tablist" aria-label={t("admin_catalog.name_languages")} className="mb-3 flex flex-wrap gap-1.5">
        {ordered.map((l) => (
          <button
            key={l.name}
            type="button"
            role="tab"
            id={`name-tab-${l.name}`}
            aria-selected={active === l.name}
            aria-controls={`name-panel-${l.name}`}
            onClick={() => setActive(l.name)}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${
              active === l.name ? "bg-primary-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
            } ${errorOf(l) ? "ring-2 ring-red-400" : ""}`}
          >
            {l.title}
          </button>
        ))}
      </div>
      {ordered.map((l) => (
        <div
          key={l.name}
          role="tabpanel"
          id={`name-panel-${l.name}`}
          aria-labelledby={`name-tab-${l.name}`}
          hidden={active !== l.name}
        >
          {l.is_default ? (
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
          )}
        </div>
      ))}
    </div>
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
