import type { Category } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ChevronDownIcon, MenuIcon, PhoneIcon } from "../../ui/icons.tsx";
import { PhoneLink } from "../../ui/phone-link.tsx";
import { UserMenuList, useUiStore } from "../auth/index.ts";
import { categoryPath } from "../catalog/index.ts";
import { useUnreadMessages } from "../chat/index.ts";
import { useMaster } from "../settings/index.ts";
import { MenuLink } from "./menu-link.tsx";

const row = "block px-4 py-2.5 text-sm text-slate-700 hover:bg-slate-50";

/** The slide-out menu of small screens. */
export function MobileMenu({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  const { data: master } = useMaster();
  const user = useAuthStore((s) => s.user);
  const openLogin = useUiStore((s) => s.openLogin);
  // A phone's navbar has no messages button: the menu carries the unread count there.
  const unread = useUnreadMessages();
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={unread > 0 ? t("layout.open_menu_unread", { count: unread }) : t("layout.open_menu")}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <MenuIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1.5 end-1.5 size-2.5 rounded-full bg-rose-600 ring-2 ring-white"
          />
        )}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t("layout.menu")} variant="start">
        <nav className="flex-1 divide-y divide-slate-100 overflow-y-auto">
          {user ? (
            <>
              <UserMenuList onNavigate={close} />
              <div className="py-2">
                <Link to="/massages" onClick={close} className={`${row} flex items-center justify-between gap-3`}>
                  <span aria-hidden="true">{t("chat.messages")}</span>
                  {unread > 0 && (
                    <span
                      aria-hidden="true"
                      className="rounded-full bg-rose-600 px-2 py-0.5 text-xs font-semibold text-white"
                    >
                      {unread > 99 ? "99+" : unread}
                    </span>
                  )}
                  <span className="sr-only">
                    {unread > 0 ? t("chat.messages_unread", { count: unread }) : t("chat.messages")}
                  </span>
                </Link>
              </div>
            </>
          ) : (
            <div className="p-4">
              <Button
                type="button"
                onClick={() => {
                  close();
                  openLogin();
                }}
                className="w-full"
              >
                {t("common.login")}
              </Button>
            </div>
          )}
          <div className="py-2">
            <p className="px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
              {t("layout.categories")}
            </p>
            <ul>
              {categories.map((c) => (
                <li key={c.id}>
                  <div className="flex items-center">
                    <Link to={categoryPath(c.id)} onClick={close} className={`${row} flex-1`}>
                      {c.name}
                    </Link>
                    {c.sub_categories.length > 0 && (
                      <button
                        type="button"
                        aria-expanded={expanded === c.id}
                        aria-label={t("layout.show_sub_categories", { name: c.name })}
                        onClick={() => setExpanded(expanded === c.id ? null : c.id)}
                        className="px-4 py-2.5 text-slate-500"
                      >
                        <ChevronDownIcon className={`size-4 transition ${expanded === c.id ? "rotate-180" : ""}`} />
                      </button>
                    )}
                  </div>
                  {expanded === c.id && (
                    <ul className="bg-slate-50 py-1">
                      {c.sub_categories.map((s) => (
                        <li key={s.id}>
                          <Link to={categoryPath(c.id, s.id)} onClick={close} className={`${row} ps-8`}>
                            {s.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </div>
          {(master?.menus.length ?? 0) > 0 && (
            <ul className="py-2">
              {master?.menus.map((m) => (
                <li key={m.id}>
                  <MenuLink url={m.url} target={m.target} isExternal={m.is_external} className={row} onClick={close}>
                    {m.title}
                  </MenuLink>
                </li>
              ))}
            </ul>
          )}
          {master?.mobile && (
            <div className="py-2">
              <PhoneLink
                phone={master.mobile}
                className={`${row} flex items-center gap-2`}
                before={
                  <>
                    <PhoneIcon className="size-4 text-slate-500" />
                    <span>
                      {t("layout.hotline")}
                      {t("common.colon").trimEnd()}
                    </span>
                  </>
                }
              />
            </div>
          )}
          {master?.show_download_app && (
            <div className="py-2">
              <p className="px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-400">
                {t("layout.download_our_app")}
              </p>
              {master.app_store_link && (
                <a href={master.app_store_link} target="_blank" rel="noopener noreferrer" className={row}>
                  {t("layout.app_store")}
                </a>
              )}
              {master.google_playstore_link && (
                <a href={master.google_playstore_link} target="_blank" rel="noopener noreferrer" className={row}>
                  {t("layout.google_play")}
                </a>
              )}
            </div>
          )}
        </nav>
      </Dialog>
    </>
  );
}
