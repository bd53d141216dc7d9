import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { BellIcon } from "../../ui/icons.tsx";
import { formatDateTime } from "../i18n/index.ts";
import { useAmountText } from "../settings/index.ts";
import { notificationLink, notificationText } from "./notification-text.ts";
import { refreshTold, type Scope, useMarkRead, useNotificationList, useUnreadNotifications } from "./queries.ts";

/**
 * The bell with the unread count and, when pressed, the latest notifications: one opens what it is
 * about, its order, ticket or reviews (and is marked read), "mark all as read" clears the count. New ones arrive on the private
 * realtime channel. `scope` "user" is the shopper's own, "shop" the Seller Centre's.
 */
export function NotificationBell({ scope, className }: { scope: Scope; className: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const price = useAmountText();
  const queryClient = useQueryClient();
  const unread = useUnreadNotifications(scope);
  const [open, setOpen] = useState(false);
  const list = useNotificationList(scope, open);
  const mark = useMarkRead(scope);
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", esc);
    };
  }, [open]);

  const items = list.items;
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid={`notification-bell-${scope}`}
      >
        <BellIcon className="size-6" />
        {unread > 0 && (
          <span
            className="absolute -top-0.5 -end-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white"
            aria-hidden="true"
            data-testid="notification-count"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
        <span className="sr-only">{t("notifications.unread", { count: unread })}</span>
      </button>
      {open && (
        <section
          id={panelId}
          aria-label={t("notifications.title")}
          className="fixed inset-x-2 top-16 z-50 rounded-2xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="font-semibold text-slate-900">{t("notifications.title")}</h2>
            <button
              type="button"
              disabled={unread === 0 || mark.isPending}
              onClick={() => mark.mutate("all")}
              className="text-sm font-medium text-primary-700 hover:underline disabled:text-slate-400 disabled:no-underline"
            >
              {t("notifications.mark_all_read")}
            </button>
          </div>
          {list.isPending ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{t("notifications.loading")}</p>
          ) : list.isError ? (
            <p role="alert" className="px-4 py-6 text-center text-sm text-rose-700">
              {t("notifications.load_failed")}
            </p>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{t("notifications.empty")}</p>
          ) : (
            <ul className="max-h-[min(28rem,70dvh)] divide-y divide-slate-100 overflow-y-auto">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => {
                      if (!n.read) mark.mutate(n.id);
                      refreshTold(queryClient, scope);
                      setOpen(false);
                      navigate(notificationLink(n, scope));
                    }}
                    className={`flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-slate-50 ${n.read ? "" : "bg-primary-50/60"}`}
                    data-testid="notification-item"
                  >
                    <span
                      className={`mt-1.5 size-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-primary-600"}`}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1">
                      <span className={`block text-sm ${n.read ? "text-slate-700" : "font-semibold text-slate-900"}`}>
                        {notificationText(t, n, price)}
                      </span>
                      <time dateTime={n.created_at} className="mt-0.5 block text-xs text-slate-500">
                        {formatDateTime(n.created_at, i18n.language)}
                      </time>
                      {!n.read && <span className="sr-only">{t("notifications.unread_mark")}</span>}
                    </span>
                  </button>
                </li>
              ))}
              {list.hasNextPage && (
                <li className="px-4 py-2 text-center">
                  <button
                    type="button"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                    className="text-sm font-medium text-primary-700 hover:underline disabled:text-slate-400"
                  >
                    {list.isFetchingNextPage ? t("notifications.loading") : t("notifications.show_older")}
                  </button>
                </li>
              )}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
