import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "../../ui/button.tsx";

/**
 * Page Not Found: for an unknown path, and for a product, shop, post... that does not exist (whose
 * page titles itself so: usePageTitle).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary-600 sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t("common.page_not_found")}</h1>
      <p className="mt-2 text-slate-500">{t("common.page_not_found_text")}</p>
      <Link to="/" className={`${buttonClass("primary", "lg")} mt-8 inline-flex items-center`}>
        {t("common.back_to_home")}
      </Link>
    </div>
  );
}
