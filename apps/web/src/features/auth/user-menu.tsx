import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type SessionUser, useAuthStore, useSessionName } from "../../lib/auth-store.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { Dropdown } from "../../ui/dropdown.tsx";
import { phoneWithCode } from "../../ui/phone-link.tsx";
import { LogoutDialog } from "./logout-dialog.tsx";

const userMenuLinks = [
  { to: "/dashboard", label: "common.dashboard" },
  { to: "/order-history", label: "common.order_history" },
  { to: "/profile", label: "common.my_profile" },
  { to: "/change-password", label: "common.change_password" },
] as const;

/** Whether a menu offers `to` to `user`: a guest has no password of its own to change (the device keeps it). */
export const offeredTo = (user: SessionUser, to: string) => !(user.is_guest && to === "/change-password");

const linksFor = (user: SessionUser) => userMenuLinks.filter((l) => offeredTo(user, l.to));

const item =
  "flex w-full cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-slate-700 data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-700";

/** The signed-in user's dropdown (desktop). */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const name = useSessionName();
  const [confirm, setConfirm] = useState(false);
  if (!user) return null;
  return (
    <>
      <Dropdown
        label={t("common.user_menu")}
        buttonClassName="inline-flex items-center gap-2 rounded-full py-1 ps-1 pe-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
        button={
          <>
            <Avatar name={name} photo={user.profile_photo} />
            <span className="hidden max-w-32 name-line truncate lg:inline">{name}</span>
          </>
        }
        sideOffset={8}
        contentClassName="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
      >
        {(M) => (
          <>
            <div className="px-3 py-2">
              <p className="name-line truncate text-sm font-semibold text-slate-900">{name}</p>
              {user.phone && (
                <p className="truncate text-xs text-slate-500" dir="ltr">
                  {phoneWithCode({ phone: user.phone, phone_code: user.phone_code })}
                </p>
              )}
            </div>
            <M.Separator className="my-1 h-px bg-slate-100" />
            {linksFor(user).map((l) => (
              <M.Item key={l.to} asChild className={item}>
                <Link to={l.to}>{t(l.label)}</Link>
              </M.Item>
            ))}
            <M.Separator className="my-1 h-px bg-slate-100" />
            <M.Item className={`${item} text-red-600`} onSelect={() => setConfirm(true)}>
              {t("common.log_out")}
            </M.Item>
          </>
        )}
      </Dropdown>
      <LogoutDialog open={confirm} onOpenChange={setConfirm} />
    </>
  );
}

/** The same entries as an inline list (mobile menu). */
export function UserMenuList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const name = useSessionName();
  const [confirm, setConfirm] = useState(false);
  if (!user) return null;
  return (
    <div>
      <div className="flex items-center gap-3 px-4 py-3">
        <Avatar name={name} photo={user.profile_photo} className="size-10" />
        <div className="min-w-0">
          <p className="name-line truncate font-semibold text-slate-900">{name}</p>
          {user.phone && (
            <p className="truncate text-xs text-slate-500" dir="ltr">
              {phoneWithCode({ phone: user.phone, phone_code: user.phone_code })}
            </p>
          )}
        </div>
      </div>
      <ul>
        {linksFor(user).map((l) => (
          <li key={l.to}>
            <Link to={l.to} onClick={onNavigate} className="block px-4 py-2.5 text-sm text-slate-700 hover:bg-slate-50">
              {t(l.label)}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => setConfirm(true)}
            className="block w-full px-4 py-2.5 text-start text-sm text-red-600 hover:bg-red-50"
          >
            {t("common.log_out")}
          </button>
        </li>
      </ul>
      <LogoutDialog open={confirm} onOpenChange={setConfirm} />
    </div>
  );
}
