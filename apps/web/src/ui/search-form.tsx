import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { inputClass } from "./fields.tsx";

/**
 * A list's search box: its text, trimmed, applies when submitted (Enter or the button). `value` is
 * the search in force (from the URL); give the form a `key` of it so Back shows the right text.
 */
export function SearchForm({
  label,
  value = "",
  onSearch,
  className = "",
}: {
  label: string;
  value?: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A search inside a dialog must not submit a form the dialog's opener sits in.
    e.stopPropagation();
    onSearch(draft.trim());
  };
  return (
    <form onSubmit={submit} className={`flex min-w-0 flex-1 gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={100}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={label}
        className={`${inputClass} min-w-0 flex-1`}
      />
      <Button type="submit" variant="outline" size="field" weight="medium">
        {t("common.search")}
      </Button>
    </form>
  );
}
