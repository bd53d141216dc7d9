import { useTranslation } from "react-i18next";
import { useDashboard } from "../../../features/auth/index.ts";
import { DashboardSummary } from "../../../features/orders/index.ts";
import { useSessionName } from "../../../lib/auth-store.ts";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "account.dashboard" };

export function Component() {
  const { t } = useTranslation();
  const name = useSessionName();
  const { data, isError } = useDashboard();
  return (
    <>
      <PageTitle sub={t("account.hello", { name })}>{t(handle.title)}</PageTitle>
      {data ? (
        <DashboardSummary data={data} />
      ) : isError ? (
        <p className="text-sm text-red-600">{t("common.something_went_wrong")}</p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          {["a", "b", "c", "d", "e"].map((k) => (
            <Skeleton key={k} className="h-20 rounded-2xl" />
          ))}
        </div>
      )}
    </>
  );
}
