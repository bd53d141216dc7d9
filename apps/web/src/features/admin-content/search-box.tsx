import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { inputClass } from "../../ui/fields.tsx";

/** A list's search: the text runs on Enter or the button. */
export function SearchBox({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  return (
    <search className="mb-4 block">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <input
          type="search"
          aria-label={label}
          placeholder={label}
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit" size="field">
          {t("admin_content.search")}
        </Button>
      </form>
    </search>
  );
}
