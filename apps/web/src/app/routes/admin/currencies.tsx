import { useTranslation } from "react-i18next";
import { CurrencyManager } from "../../../features/admin-settings/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "admin_settings.currencies_title" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("admin_settings.currencies_sub")}>{t(handle.title)}</PageTitle>
      <CurrencyManager />
    </>
  );
}
