import { useTranslation } from "react-i18next";

/** Said on a closed shop's page and its products' pages: it takes no orders right now. */
export function ShopClosedNotice({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="shop-closed"
      className={`rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ${className}`}
    >
      {t("seller_shop.closed_notice")}
    </p>
  );
}
