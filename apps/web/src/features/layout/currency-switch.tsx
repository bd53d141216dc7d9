import { useTranslation } from "react-i18next";
import { Dropdown } from "../../ui/dropdown.tsx";
import { ChevronDownIcon } from "../../ui/icons.tsx";
import { useCurrency, useCurrencyStore, useMaster } from "../settings/index.ts";

const menu = "z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-lg";
const item =
  "flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-700";

export function CurrencySwitch() {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  const current = useCurrency();
  const select = useCurrencyStore((s) => s.select);
  const currencies = master?.currencies ?? [];
  if (currencies.length === 0) return null;
  return (
    <Dropdown
      label={t("layout.currency")}
      buttonClassName="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:text-white focus-visible:text-white"
      button={
        <>
          <span>
            {current.name} ({current.symbol})
          </span>
          <ChevronDownIcon className="size-3.5" />
        </>
      }
      contentClassName={menu}
    >
      {(M) => (
        <M.RadioGroup value={current.name} onValueChange={select}>
          {currencies.map((c) => (
            <M.RadioItem key={c.id} value={c.name} className={item}>
              <span>
                {c.name} <span className="text-slate-400">{c.symbol}</span>
              </span>
              <M.ItemIndicator className="text-primary-600">✓</M.ItemIndicator>
            </M.RadioItem>
          ))}
        </M.RadioGroup>
      )}
    </Dropdown>
  );
}
