import { type LoginBody, loginBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, ScrollRestoration } from "react-router";
import { call } from "../../api/client.ts";
import { type SessionUser, useAuthStore } from "../../lib/auth-store.ts";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { useCurrentInView } from "../../lib/use-current-in-view.ts";
import { SubmitButton } from "../../ui/fields.tsx";
import { StoreIcon } from "../../ui/icons.tsx";
import { SkipLink } from "../../ui/skip-link.tsx";
import { LoginFields, LogoutDialog, useStartSession } from "../auth/index.ts";
import { useDocumentTitle } from "../layout/index.ts";
import { InDefaultCurrency, useMaster } from "../settings/index.ts";

export type StaffArea = {
  role: SessionUser["role"];
  title: string;
  signInText: string;
  wrongRole: string;
  /** `area`: the Seller Centre area a link opens, shown only when the role includes it */
  links: { to: string; label: string; area?: string }[];
};

/** What the signed-in staff member may open: the areas of their role, or why they may not enter. */
export type StaffGate = {
  areas: readonly string[] | undefined;
  error: Error | null;
  notice?: string | null | undefined;
};

/**
 * The seller and admin areas: a plain header with the area's menu, and a sign-in form for anyone
 * who is not signed in with the area's role. Shoppers' pages stay in the default layout.
 */
export function StaffShell({
  area,
  gate,
  badges,
  actions,
}: {
  area: StaffArea;
  gate?: StaffGate;
  /** a count shown on a menu link, by the link's `to` (e.g. unread messages); 0 shows none */
  badges?: Record<string, number>;
  /** controls beside the user's name (the Seller Centre's notification bell) */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t(area.title));
  const user = useAuthStore((s) => s.user);
  const { data: master } = useMaster();
  const [logoutOpen, setLogoutOpen] = useState(false);
  const allowed = user?.role === area.role;
  const links = area.links.filter((l) => !l.area || !gate || gate.areas?.includes(l.area));
  // A gated area's pages wait for the gate: a page must not load (and fail) before it says why it may not.
  const gatePending = !!gate && !gate.areas && !gate.error;
  const menu = useCurrentInView<HTMLElement>(links.length);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/" className="font-bold text-primary-700">
            {master?.app_name}
          </Link>
          <span className="font-semibold text-slate-900">{t(area.title)}</span>
          {allowed && (
            <nav
              ref={menu}
              aria-label={t("staff.area_menu")}
              className="relative order-last flex w-full gap-1 overflow-x-auto pb-1 md:flex-wrap"
            >
              {links.map((l) => (
                <NavLink
                  key={l.to}
                  to={l.to}
                  className={({ isActive }) =>
                    `shrink-0 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium ${
                      isActive ? "bg-primary-50 text-primary-700" : "text-slate-700 hover:bg-slate-100"
                    }`
                  }
                >
                  {t(l.label)}
                  <CountBadge count={badges?.[l.to] ?? 0} />
                </NavLink>
              ))}
            </nav>
          )}
          <div className="ms-auto flex min-w-0 items-center gap-3 text-sm">
            {allowed && actions}
            {user && <span className="min-w-0 name-line truncate text-slate-600">{user.name}</span>}
            {user && (
              <button
                type="button"
                onClick={() => setLogoutOpen(true)}
                className="whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100"
              >
                {t("staff.sign_out")}
              </button>
            )}
            {/* On a phone an icon, so the row keeps room for the user's name. */}
            <Link
              to="/"
              title={t("staff.back_to_store")}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full whitespace-nowrap text-primary-700 hover:bg-slate-100 sm:size-auto sm:rounded-none sm:hover:bg-transparent sm:hover:underline"
            >
              <StoreIcon className="size-6 sm:hidden" />
              <span className="sr-only sm:not-sr-only">{t("staff.back_to_store")}</span>
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        {!allowed ? (
          <StaffSignIn area={area} />
        ) : gatePending ? (
          <p role="status" className="sr-only">
            {t("staff.loading")}
          </p>
        ) : gate?.error ? (
          <p role="alert" className="mx-auto mt-6 max-w-md rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
            {gate.error.message}
          </p>
        ) : (
          <>
            {gate?.notice && (
              <p role="status" className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
                {gate.notice}
              </p>
            )}
            <InDefaultCurrency value>
              <Outlet />
            </InDefaultCurrency>
          </>
        )}
      </main>
      <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
      <ScrollRestoration />
    </div>
  );
}

/** A menu link's count: a pill for the eye, "3 new" for a screen reader. */
function CountBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ms-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-xs font-semibold leading-none text-white"
      >
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only"> {t("staff.new_count", { count })}</span>
    </>
  );
}

/** Signs in through the shoppers' `/login`, but keeps the session only for the area's role. */
function StaffSignIn({ area }: { area: StaffArea }) {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const user = useAuthStore((s) => s.user);
  const form = useForm({ resolver: useContractResolver(loginBody), defaultValues: { phone: "", password: "" } });
  const [wrongRole, setWrongRole] = useState(false);
  const login = useMutation({
    mutationFn: (body: LoginBody) => call("POST /login", { body }),
    onSuccess: (data) => {
      if (data.user.role !== area.role) return setWrongRole(true);
      startSession(data);
    },
    onError: (e) => showApiError(e, form.setError, ["phone", "password"]),
  });
  return (
    <section className="mx-auto mt-6 max-w-sm rounded-2xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-semibold text-slate-900">{t(area.title)}</h1>
      <p className="mt-1 text-sm text-slate-600">{t(area.signInText)}</p>
      {(wrongRole || user) && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {t(area.wrongRole)}
        </p>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => {
          setWrongRole(false);
          login.mutate(v);
        })}
        className="mt-5 space-y-4"
      >
        <LoginFields form={form} />
        <SubmitButton busy={login.isPending}>{t("auth.login")}</SubmitButton>
      </form>
    </section>
  );
}
