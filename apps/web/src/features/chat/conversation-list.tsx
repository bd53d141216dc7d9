import { SEARCH_DEBOUNCE_MS } from "@market/contract";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../ui/avatar.tsx";
import { SearchIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { chatTime } from "./chat-time.ts";

/** The list asks for more within 300 px of its end, and asks again only after moving 400 px away. */
const MORE_AT_PX = 300;
const REARM_AT_PX = 400;

/** `value`, once it has stopped changing for `ms` (the search box's 500 ms). */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export type ConversationRow = {
  key: number;
  name: string;
  logo: string | null;
  unread: number;
  lastMessage: string | null;
  lastTime: string | null;
  online: boolean;
  selected: boolean;
  onSelect: () => void;
};

type Props = {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  rows: ConversationRow[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  emptyText: string;
  label: string;
};

/** A searchable list of conversations (shops for a shopper, shoppers for a seller) that grows as it is scrolled. */
export function ConversationList(props: Props) {
  const { search, onSearch, searchLabel, rows, loading, hasMore, loadingMore, onMore, emptyText, label } = props;
  const { t } = useTranslation();
  const searchId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const armed = useRef(true);

  const check = () => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (left > REARM_AT_PX) armed.current = true;
    if (armed.current && left < MORE_AT_PX && hasMore && !loadingMore) {
      armed.current = false;
      onMore();
    }
  };
  // A first page shorter than the box never scrolls; it may still have more behind it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever the rows change
  useEffect(() => {
    const el = ref.current;
    if (el && el.scrollHeight <= el.clientHeight && hasMore && !loadingMore) onMore();
  }, [rows.length, hasMore, loadingMore]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 p-3">
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={searchLabel}
            className="h-10 w-full rounded-xl border border-slate-300 bg-white pe-3 ps-9 text-sm placeholder:text-slate-500 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30"
          />
        </div>
      </div>
      <div ref={ref} onScroll={check} className="min-h-0 flex-1 overflow-y-auto">
        {loading ? (
          <div className="space-y-3 p-3" aria-busy="true">
            {[1, 2, 3, 4].map((i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="size-11 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-3/5" />
                  <Skeleton className="h-3 w-4/5" />
                </div>
              </div>
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="p-6 text-center text-sm text-slate-500">{emptyText}</p>
        ) : (
          <ul aria-label={label} className="divide-y divide-slate-100">
            {rows.map((r) => (
              <li key={r.key}>
                <button
                  type="button"
                  onClick={r.onSelect}
                  aria-current={r.selected ? "true" : undefined}
                  className={`flex w-full items-start gap-3 px-3 py-3 text-start transition ${
                    r.selected ? "bg-primary-50" : "hover:bg-slate-50"
                  }`}
                >
                  <span className="relative shrink-0">
                    <Avatar name={r.name} photo={r.logo} className="size-11 border border-slate-200" />
                    {r.online && (
                      <span
                        aria-hidden="true"
                        className="absolute -bottom-0.5 -end-0.5 size-3 rounded-full bg-emerald-500 ring-2 ring-white"
                      />
                    )}
                  </span>
                  {/* The spaces between the parts keep the button's accessible name readable. */}
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="flex items-center gap-2">
                      <span className="min-w-0 flex-1 name-line truncate text-sm font-semibold text-slate-900">
                        {r.name}
                      </span>{" "}
                      {r.online && <span className="sr-only">{t("chat.online")} </span>}
                      {r.unread > 0 && (
                        <span className="shrink-0 rounded-full bg-primary-600 px-2 py-0.5 text-xs font-semibold text-white">
                          {r.unread > 99 ? "99+" : r.unread} <span className="sr-only">{t("chat.unread")}</span>
                        </span>
                      )}
                    </span>{" "}
                    {/* In the text's own direction, so the ellipsis ends the text; as wide as the text,
                        so a short one still sits on the page's start side. */}
                    <span
                      dir="auto"
                      className={`max-w-full self-start truncate text-sm ${r.unread > 0 ? "font-medium text-slate-900" : "text-slate-600"}`}
                    >
                      {r.lastMessage ?? (r.lastTime ? t("chat.product_shared") : "")}
                    </span>{" "}
                    {r.lastTime && (
                      <span className="text-xs text-slate-500">
                        <bdi>{chatTime(r.lastTime)}</bdi>
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {loadingMore && (
          <p className="p-3 text-center text-xs text-slate-500" role="status">
            {t("chat.loading")}
          </p>
        )}
      </div>
    </div>
  );
}
