import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.change_password" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <EmptyState
        title={t("account.change_password_unavailable")}
        text={t("account.change_password_unavailable_text")}
      />
    </>
  );
}
