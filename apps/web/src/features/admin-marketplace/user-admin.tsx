import { type AdminUser, PAGINATION_PER_PAGE, USER_ROLES } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { phoneWithCode } from "../../ui/phone-link.tsx";
import { SearchForm } from "../../ui/search-form.tsx";
import { orderDate } from "../orders/index.ts";
import { useAdminUsers, useBlockUser, useSendReset } from "./api.ts";
import { FilterSelect, useUrlFilters } from "./url-filters.tsx";

/** The marketplace's accounts: search, block (sessions end at once) or unblock, send a password-reset code. */
export function UserAdmin() {
  const { t } = useTranslation();
  const f = useUrlFilters(["search", "role"] as const);
  const role = USER_ROLES.find((r) => r === f.values.role);
  const query = useAdminUsers({ page: f.page, search: f.values.search || undefined, role });
  const block = useBlockUser();
  const reset = useSendReset();
  const [confirm, setConfirm] = useState<{ user: AdminUser; blocked: boolean } | null>(null);
  return (
    <>
      <PageTitle>{t("admin_marketplace.users_title")}</PageTitle>
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <SearchForm
          key={f.values.search}
          value={f.values.search}
          label={t("admin_marketplace.search_users")}
          onSearch={(search) => f.set({ search })}
        />
        <FilterSelect
          label={t("admin_marketplace.filter_role")}
          value={f.values.role}
          onChange={(r) => f.set({ role: r })}
          options={[
            { value: "", label: t("admin_marketplace.all_roles") },
            ...USER_ROLES.map((r) => ({ value: r, label: t(`admin_marketplace.role_${r}`) })),
          ]}
        />
      </div>
      <PagedList
        list={query.data}
        isError={query.isError}
        onReload={query.refetch}
        page={f.page}
        perPage={PAGINATION_PER_PAGE}
        onPageChange={f.setPage}
        empty={<EmptyState title={t("admin_marketplace.no_users")} />}
      >
        {(users) => (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {users.map((u) => (
              <li
                key={u.id}
                className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
                data-testid="admin-user"
              >
                <div className="min-w-0 flex-1 space-y-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-slate-900">{u.name}</p>
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                      {t(`admin_marketplace.role_${u.role}`)}
                    </span>
                    {u.blocked_at && (
                      <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-inset ring-red-200">
                        {t("admin_marketplace.blocked")}
                      </span>
                    )}
                  </div>
                  <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                    {u.email && (
                      <span dir="ltr" className="break-all">
                        {u.email}
                      </span>
                    )}
                    {u.phone && (
                      <span dir="ltr" className="whitespace-nowrap">
                        {phoneWithCode({ phone: u.phone, phone_code: u.phone_code })}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t("admin.registered_on", { date: orderDate(u.created_at) })}
                  </p>
                </div>
                {u.role !== "admin" && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={reset.isPending || (!u.email && !u.phone)}
                      className="disabled:opacity-60"
                      onClick={() => reset.mutate(u.id, { onError: (e) => showApiError(e) })}
                      aria-label={t("common.action_named", { action: t("admin_marketplace.send_reset"), name: u.name })}
                    >
                      {t("admin_marketplace.send_reset")}
                    </Button>
                    <Button
                      size="sm"
                      variant={u.blocked_at ? "primary" : "danger-outline"}
                      aria-label={t(u.blocked_at ? "admin_marketplace.unblock_user" : "admin_marketplace.block_user", {
                        name: u.name,
                      })}
                      onClick={() => setConfirm({ user: u, blocked: !u.blocked_at })}
                    >
                      {t(u.blocked_at ? "admin_marketplace.unblock" : "admin_marketplace.block")}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm
            ? t(confirm.blocked ? "admin_marketplace.block_user" : "admin_marketplace.unblock_user", {
                name: confirm.user.name,
              })
            : ""
        }
        description={t(confirm?.blocked ? "admin_marketplace.block_text" : "admin_marketplace.unblock_text")}
        confirmLabel={t(confirm?.blocked ? "admin_marketplace.block" : "admin_marketplace.unblock")}
        tone={confirm?.blocked ? "danger" : "primary"}
        busy={block.isPending}
        onConfirm={() =>
          confirm &&
          block.mutate(
            { id: confirm.user.id, blocked: confirm.blocked },
            { onSuccess: () => setConfirm(null), onError: (e) => showApiError(e) },
          )
        }
      />
    </>
  );
}
