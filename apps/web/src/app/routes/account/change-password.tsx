import { useTranslation } from "react-i18next";
import { ChangePasswordForm } from "../../../features/auth/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.change_password" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <ChangePasswordForm />
    </>
  );
}
