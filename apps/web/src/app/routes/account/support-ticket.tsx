import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.ticket_details" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <EmptyState title={t("account.ticket_not_available")} text={t("account.ticket_not_available_text")} />
    </>
  );
}
