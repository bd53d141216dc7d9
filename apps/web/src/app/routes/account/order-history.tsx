import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.order_history" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <EmptyState title={t("account.no_orders")} text={t("account.no_orders_text")} />
    </>
  );
}
