import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.add_new_address" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <EmptyState title={t("account.address_form_unavailable")} text={t("account.address_form_unavailable_text")} />
    </>
  );
}
