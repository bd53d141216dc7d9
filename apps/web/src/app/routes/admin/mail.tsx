import { OUTBOX_STATUSES } from "@market/contract";
import { useTranslation } from "react-i18next";
import { AdminListPage, AdminMailList, useAdminMail, useListParams } from "../../../features/admin/index.ts";
import { EmptyState } from "../../../ui/empty-state.tsx";

export const handle = { title: "admin.mail_title" };

const FILTERS = ["all", ...OUTBOX_STATUSES] as const;

/** Outgoing mail and its delivery: failed deliveries keep their error and can be sent again. */
export function Component() {
  const { t } = useTranslation();
  const params = useListParams(FILTERS, "all");
  const query = useAdminMail(params.page, params.filter === "all" ? undefined : params.filter);
  return (
    <AdminListPage
      title={t(handle.title)}
      filterLabel={t("admin.filter_mail")}
      options={FILTERS.map((s) => ({
        value: s,
        label: s === "all" ? t("admin.mail_all") : t(`admin.mail_status_${s}`),
      }))}
      params={params}
      query={query}
      empty={<EmptyState title={t("admin.no_mail")} text={t("admin.no_mail_text")} />}
    >
      {(messages) => <AdminMailList messages={messages} />}
    </AdminListPage>
  );
}
