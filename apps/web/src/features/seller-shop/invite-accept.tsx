import {
  type InviteExistingAccountBody,
  type InviteNewAccountBody,
  inviteExistingAccountBody,
  inviteNewAccountBody,
  type LoginData,
  type ShopRole,
  type StaffInviteInfo,
} from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError, call } from "../../api/client.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { PasswordField, SubmitButton, TextField } from "../../ui/fields.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { useStartSession } from "../auth/index.ts";
import { useStaffInvite } from "./queries.ts";

const ROLE_KEYS: Record<ShopRole, string> = {
  products: "seller_shop.role_products",
  orders: "seller_shop.role_orders",
  all: "seller_shop.role_all",
};

/** Accepts, signs in with the answered session and opens the Seller Centre. */
function useAccept(token: string) {
  const startSession = useStartSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: InviteNewAccountBody | InviteExistingAccountBody) =>
      call("POST /staff-invites/:token/accept", { params: { token }, body }),
    onSuccess: (data: LoginData) => {
      startSession(data);
      navigate("/seller", { replace: true });
    },
  });
}

/** `/staff-invite/:token`: the shop and role of an invitation, and the form its email calls for. */
export function InviteAccept({ token }: { token: string }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useStaffInvite(token);
  if (isPending && token.length >= 20) return <Skeleton className="h-96 w-full rounded-2xl" />;
  if (!data) {
    return (
      <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
        <p className="font-semibold">{t("seller_shop.invite_unusable")}</p>
        {error instanceof ApiError && <p className="mt-1 text-sm">{error.message}</p>}
        <Link to="/" className="mt-4 inline-block text-sm font-semibold text-primary-700 hover:underline">
          {t("seller_shop.back_home")}
        </Link>
      </div>
    );
  }
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <div className="flex items-center gap-4">
        <img src={data.shop.logo} alt="" width={56} height={56} className="size-14 shrink-0 rounded-xl object-cover" />
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-slate-900" data-testid="invite-shop">
            {t("seller_shop.join_shop", { shop: data.shop.name })}
          </h2>
          <p className="text-sm text-slate-600">
            {/* the address isolated, so it keeps its own order in a right-to-left sentence */}
            {t("seller_shop.invited_as", { role: t(ROLE_KEYS[data.role]), email: `\u2068${data.email}\u2069` })}
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-600">{t(`${ROLE_KEYS[data.role]}_help`)}</p>
      <div className="mt-6">
        {data.account_exists ? <ExistingAccountForm token={token} /> : <NewAccountForm token={token} info={data} />}
      </div>
    </section>
  );
}

function NewAccountForm({ token, info }: { token: string; info: StaffInviteInfo }) {
  const { t } = useTranslation();
  const accept = useAccept(token);
  const form = useForm({
    resolver: useContractResolver(inviteNewAccountBody),
    defaultValues: { name: "", password: "", password_confirmation: "" },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((body) =>
        accept.mutate(body, {
          onError: (e) => showApiError(e, form.setError, ["name", "password", "password_confirmation"]),
        }),
      )}
    >
      <p className="text-sm text-slate-700">{t("seller_shop.new_account_help", { email: info.email })}</p>
      <TextField
        label={t("seller_shop.your_name")}
        autoComplete="name"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <PasswordField
        label={t("seller_shop.password")}
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <PasswordField
        label={t("seller_shop.password_confirmation")}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register("password_confirmation")}
      />
      <SubmitButton busy={accept.isPending}>{t("seller_shop.accept_invite")}</SubmitButton>
    </form>
  );
}

function ExistingAccountForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const accept = useAccept(token);
  const form = useForm({ resolver: useContractResolver(inviteExistingAccountBody), defaultValues: { password: "" } });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((body) =>
        accept.mutate(body, { onError: (e) => showApiError(e, form.setError, ["password"]) }),
      )}
    >
      <p className="text-sm text-slate-700">{t("seller_shop.existing_account_help")}</p>
      <PasswordField
        label={t("seller_shop.password")}
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <SubmitButton busy={accept.isPending}>{t("seller_shop.accept_invite")}</SubmitButton>
    </form>
  );
}
