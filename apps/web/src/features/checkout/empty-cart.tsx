import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { UnpaidOrderNotice } from "../orders/index.ts";

/** What checkout and buy now show while there is nothing to check out. */
export function EmptyCartPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle>{t(title)}</PageTitle>
      <UnpaidOrderNotice />
      <EmptyState
        title={t("common.cart_empty")}
        text={t("common.cart_empty_text")}
        action={
          <Link to="/products" className={`${buttonClass("primary", "lg")} inline-flex`}>
            {t("common.continue_shopping")}
          </Link>
        }
      />
    </div>
  );
}
