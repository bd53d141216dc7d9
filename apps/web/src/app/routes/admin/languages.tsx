import { useTranslation } from "react-i18next";
import { LanguageManager } from "../../../features/admin-settings/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "admin_settings.languages_title" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("admin_settings.languages_sub")}>{t(handle.title)}</PageTitle>
      <LanguageManager />
    </>
  );
}
