import { useTranslation } from "react-i18next";
import { Dropdown } from "../../ui/dropdown.tsx";
import { ChevronDownIcon, GlobeIcon } from "../../ui/icons.tsx";
import { useLocale } from "../i18n/index.ts";

const menu =
  "z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-lg data-[side=bottom]:mt-1";
const item =
  "flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-700";

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale, title, languages, setLocale } = useLocale();
  if (languages.length === 0) return null;
  return (
    <Dropdown
      label={t("layout.language")}
      buttonClassName="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:text-white focus-visible:text-white"
      button={
        <>
          <GlobeIcon className="size-4" />
          <span>{title}</span>
          <ChevronDownIcon className="size-3.5" />
        </>
      }
      contentClassName={menu}
    >
      {(M) => (
        <M.RadioGroup value={locale} onValueChange={(name) => void setLocale(name)}>
          {languages.map((l) => (
            <M.RadioItem key={l.name} value={l.name} className={item} lang={l.name}>
              <span>{l.title}</span>
              <M.ItemIndicator className="text-primary-600">✓</M.ItemIndicator>
            </M.RadioItem>
          ))}
        </M.RadioGroup>
      )}
    </Dropdown>
  );
}
