import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.my_profile" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <EmptyState title={t("account.profile_unavailable")} text={t("account.profile_unavailable_text")} />
    </>
  );
}
