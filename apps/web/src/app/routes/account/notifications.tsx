import { useTranslation } from "react-i18next";
import { MailPreferences } from "../../../features/notifications/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "notifications.menu" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <MailPreferences />
    </>
  );
}
