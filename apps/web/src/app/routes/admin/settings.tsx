import { useTranslation } from "react-i18next";
import { SiteSettingsEditor } from "../../../features/admin-settings/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "admin_settings.settings_title" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle sub={t("admin_settings.settings_sub")}>{t(handle.title)}</PageTitle>
      <SiteSettingsEditor />
    </>
  );
}
