import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PhoneIcon, StoreIcon } from "../../ui/icons.tsx";
import { PhoneLink } from "../../ui/phone-link.tsx";
import { useMaster } from "../settings/index.ts";
import { CurrencySwitch } from "./currency-switch.tsx";
import { LanguageSwitch } from "./language-switch.tsx";

export function TopBar() {
  const { t } = useTranslation();
  const { data: master } = useMaster();
  return (
    <div className="bg-slate-900 text-xs text-slate-300">
      <div className="mx-auto flex h-9 max-w-7xl items-center justify-between gap-3 px-4">
        <div className="flex min-w-0 items-center gap-4">
          {master?.multi_vendor && (
            <Link
              to="/shop/register"
              className="inline-flex items-center gap-1.5 font-medium text-white hover:text-primary-200"
            >
              <StoreIcon className="size-4" />
              {t("layout.become_a_seller")}
            </Link>
          )}
          {master?.mobile && (
            <PhoneLink
              phone={master.mobile}
              className="hidden items-center gap-1.5 hover:text-white sm:inline-flex"
              before={
                <>
                  <PhoneIcon className="size-3.5" />
                  <span>
                    {t("layout.hotline")}
                    {t("common.colon").trimEnd()}
                  </span>
                </>
              }
            />
          )}
        </div>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <span className="h-4 w-px bg-slate-700" aria-hidden="true" />
          <CurrencySwitch />
        </div>
      </div>
    </div>
  );
}
