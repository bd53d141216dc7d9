import { SHOP_ROLES, type ShopRole, type StaffMember, staffInviteBody } from "@market/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { inputClass, SelectField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { PagedList } from "../../ui/paged-list.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import {
  STAFF_PER_PAGE,
  useCancelInvite,
  useChangeStaffRole,
  useInviteStaff,
  useRemoveStaff,
  useResendInvite,
  useStaffInvites,
  useStaffMembers,
} from "./queries.ts";

const ROLE_KEYS: Record<ShopRole, string> = {
  products: "seller_shop.role_products",
  orders: "seller_shop.role_orders",
  all: "seller_shop.role_all",
};

const done = ({ message }: { message: string }) => toast.success(message, SUCCESS_TOAST);
const dateOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(iso));

/** The owner's staff page: invite by email with a role, the pending invitations and the members. */
export function StaffManager() {
  return (
    <div className="space-y-6">
      <InviteForm />
      <PendingInvites />
      <Members />
    </div>
  );
}

function InviteForm() {
  const { t } = useTranslation();
  const invite = useInviteStaff();
  const form = useForm({
    resolver: useContractResolver(staffInviteBody),
    defaultValues: { email: "", role: "products" as ShopRole },
  });
  const { errors } = form.formState;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="invite-title">
      <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
        {t("seller_shop.invite_title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("seller_shop.invite_help")}</p>
      <form
        noValidate
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        onSubmit={form.handleSubmit((body) =>
          invite.mutate(body, {
            onSuccess: (answer) => {
              done(answer);
              form.reset({ email: "", role: body.role });
            },
            onError: (e) => showApiError(e, form.setError, ["email", "role"]),
          }),
        )}
      >
        <TextField
          type="email"
          dir="ltr"
          autoComplete="off"
          label={t("seller_shop.email")}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <SelectField label={t("seller_shop.role")} error={errors.role?.message} {...form.register("role")}>
          {SHOP_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_KEYS[r])}
            </option>
          ))}
        </SelectField>
        <SubmitButton busy={invite.isPending} className="sm:mt-7 sm:w-auto sm:px-6">
          {t("seller_shop.send_invite")}
        </SubmitButton>
      </form>
      <ul className="mt-4 space-y-1 text-xs text-slate-500">
        {SHOP_ROLES.map((r) => (
          <li key={r}>
            <span className="font-semibold text-slate-700">{t(ROLE_KEYS[r])}</span>
            {t("common.colon")}
            {t(`${ROLE_KEYS[r]}_help`)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PendingInvites() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isError, refetch } = useStaffInvites(page);
  const resend = useResendInvite();
  const cancel = useCancelInvite();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="invites-title">
      <h2 id="invites-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t("seller_shop.pending_invites")}
      </h2>
      <PagedList
        list={data}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={STAFF_PER_PAGE}
        onPageChange={setPage}
        empty={<p className="text-sm text-slate-500">{t("seller_shop.no_invites")}</p>}
      >
        {(invites) => (
          <ul className="divide-y divide-slate-100" data-testid="invite-list">
            {invites.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm">
                <span className="min-w-0 flex-1 basis-48">
                  <span dir="ltr" className="block truncate font-medium text-slate-900 rtl:text-end">
                    {i.email}
                  </span>
                  <span className="block text-xs text-slate-500">
                    {t(ROLE_KEYS[i.role])} ·{" "}
                    {i.expired ? (
                      <span className="font-semibold text-amber-700">{t("seller_shop.invite_expired")}</span>
                    ) : (
                      t("seller_shop.invite_expires", { date: dateOf(i.expires_at, i18n.language) })
                    )}
                  </span>
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="outline"
                    size="xs"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(i.id, { onSuccess: done, onError: (e) => showApiError(e) })}
                  >
                    {t("seller_shop.resend")}
                  </Button>
                  <Button
                    variant="danger-outline"
                    size="xs"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(i.id, { onSuccess: done, onError: (e) => showApiError(e) })}
                  >
                    {t("seller_shop.cancel_invite")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function Members() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isError, refetch } = useStaffMembers(page);
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaff();
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="members-title">
      <h2 id="members-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t("seller_shop.members")}
      </h2>
      <PagedList
        list={data}
        isError={isError}
        onReload={refetch}
        page={page}
        perPage={STAFF_PER_PAGE}
        onPageChange={setPage}
        empty={<p className="text-sm text-slate-500">{t("seller_shop.no_members")}</p>}
      >
        {(members) => (
          <ul className="divide-y divide-slate-100" data-testid="member-list">
            {members.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm">
                <span className="min-w-0 flex-1 basis-48">
                  <span className="block name-line truncate font-medium text-slate-900">{m.name}</span>
                  <span dir="ltr" className="block truncate text-xs text-slate-500 rtl:text-end">
                    {m.email}
                  </span>
                </span>
                <label className="sr-only" htmlFor={`member-role-${m.id}`}>
                  {t("seller_shop.role_of", { name: m.name })}
                </label>
                <select
                  id={`member-role-${m.id}`}
                  value={m.role}
                  disabled={changeRole.isPending}
                  className={`${inputClass} w-auto py-1.5`}
                  onChange={(e) =>
                    changeRole.mutate(
                      { id: m.id, role: e.target.value as ShopRole },
                      { onSuccess: done, onError: (err) => showApiError(err) },
                    )
                  }
                >
                  {SHOP_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(ROLE_KEYS[r])}
                    </option>
                  ))}
                </select>
                <Button
                  variant="danger-outline"
                  size="xs"
                  onClick={() => setRemoving(m)}
                  aria-label={t("seller_shop.remove_named", { name: m.name })}
                >
                  {t("seller_shop.remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("seller_shop.remove_title")}
        description={t("seller_shop.remove_text", { name: removing?.name ?? "" })}
        confirmLabel={t("seller_shop.remove")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: (answer) => {
              done(answer);
              setRemoving(null);
            },
            onError: (e) => showApiError(e),
          })
        }
      />
    </section>
  );
}
