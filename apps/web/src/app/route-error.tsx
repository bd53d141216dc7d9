import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClass } from "../ui/button.tsx";

/** Shown when a page fails to load or render (for example a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A page's script that could not be fetched (offline): say so, and load it when the network returns.
  const unreachable = error instanceof TypeError && typeof navigator !== "undefined" && !navigator.onLine;
  useEffect(() => {
    if (!unreachable) return;
    const retry = () => window.location.reload();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [unreachable]);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound
          ? t("common.page_not_found")
          : unreachable
            ? t("common.network_error")
            : t("common.something_went_wrong")}
      </h1>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {t("common.reload")}
        </button>
        <Link to="/" className={buttonClass("primary", "sm", "medium")}>
          {t("common.back_to_home")}
        </Link>
      </div>
    </main>
  );
}
