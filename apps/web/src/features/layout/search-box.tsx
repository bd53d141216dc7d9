import { MAX_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, type SearchSuggestions, srcSetOf } from "@market/contract";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { productPath } from "../../lib/product-path.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ClockIcon, SearchIcon } from "../../ui/icons.tsx";
import { categoryPath, useSearchSuggestions } from "../catalog/index.ts";
import { useRecentSearches } from "./recent-searches.ts";

/** The search text: what the shopper types, kept in step with `/products?search=`. */
function useSearchText() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const fromUrl = pathname === "/products" ? (params.get("search") ?? "") : "";
  const [text, setText] = useState(fromUrl);
  useEffect(() => setText(fromUrl), [fromUrl]);
  return { text, setText };
}

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The page a search opens. */
export const searchPath = (q: string) => (q ? `/products?${new URLSearchParams({ search: q })}` : "/products");

interface Option {
  id: string;
  href: string;
  label: string;
  image?: string;
  /** the text searched for when the option is taken (a search, not a product or a shop) */
  term?: string;
}
interface Group {
  key: "recent" | "did_you_mean" | "products" | "categories" | "shops";
  options: Option[];
}

const NO_TERMS: string[] = [];

/** The empty box's list: the last searches, and a last option that forgets them. */
function recentGroup(terms: string[], idPrefix: string, clearLabel: string): Group[] {
  if (terms.length === 0) return [];
  const options: Option[] = terms.map((term, i) => ({
    id: `${idPrefix}-r${i}`,
    href: searchPath(term),
    label: term,
    term,
  }));
  return [{ key: "recent", options: [...options, { id: `${idPrefix}-rclear`, href: "", label: clearLabel }] }];
}

function groupsOf(data: SearchSuggestions | undefined, idPrefix: string): Group[] {
  if (!data) return [];
  const groups: Group[] = [
    {
      key: "did_you_mean",
      options: data.did_you_mean
        ? [
            {
              id: `${idPrefix}-dym`,
              href: searchPath(data.did_you_mean),
              label: data.did_you_mean,
              term: data.did_you_mean,
            },
          ]
        : [],
    },
    {
      key: "products",
      options: data.products.map((p) => ({
        id: `${idPrefix}-p${p.id}`,
        href: productPath(p),
        label: p.name,
        image: p.thumbnail,
      })),
    },
    {
      key: "categories",
      options: data.categories.map((c) => ({
        id: `${idPrefix}-c${c.id}-${c.sub_category_id ?? 0}`,
        href: categoryPath(c.slug, c.sub_category_id),
        label: c.name,
      })),
    },
    {
      key: "shops",
      options: data.shops.map((s) => ({
        id: `${idPrefix}-s${s.id}`,
        href: `/shops/${s.id}`,
        label: s.name,
        image: s.logo,
      })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}

/**
 * The search form with suggestions as the shopper types: an ARIA combobox whose listbox groups
 * a "did you mean", products, categories and shops; ArrowUp/Down move, Enter opens, Escape closes.
 */
function SearchForm({ onDone, autoFocus, inline }: { onDone?: () => void; autoFocus?: boolean; inline?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { text, setText } = useSearchText();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), Math.min(SEARCH_DEBOUNCE_MS, 250));
  const { data } = useSearchSuggestions(open ? q : "");
  const listId = useId();
  // The empty box offers the last searches, read once it is opened: the first render hydrates the
  // server's markup, which has none, and must read what the server read (a store that answers
  // otherwise makes React draw the header again, losing text typed before the app ran).
  const terms = useRecentSearches((s) => (open ? s.terms : NO_TERMS));
  const clearLabel = t("layout.clear_recent_searches");
  const empty = text.trim() === "";
  const groups = useMemo(
    () => (q.length >= 2 ? groupsOf(data, listId) : empty ? recentGroup(terms, listId, clearLabel) : []),
    [data, q, empty, listId, terms, clearLabel],
  );
  const options = groups.flatMap((g) => g.options);
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  const go = (href: string, term?: string) => {
    setOpen(false);
    setActive(-1);
    if (term) useRecentSearches.getState().searched(term);
    navigate(href);
    onDone?.();
  };
  /** An option taken: the clear option forgets the searches and leaves the box open and empty. */
  const take = (o: Option) => {
    if (o.href) return go(o.href, o.term);
    useRecentSearches.getState().clear();
    setActive(-1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (activeOption) take(activeOption);
    else go(searchPath(text.trim()), text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const n = options.length;
      setActive((i) => (e.key === "ArrowDown" ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === "Escape" && expanded) {
      // closes the list only; a second Escape reaches the dialog around the mobile form
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  let index = -1;
  return (
    // action and name make Enter search natively too, before the page has hydrated (searchPath's URL)
    // biome-ignore lint/a11y/useSemanticElements: a search form landmark; <search> is not in React's DOM types yet
    <form role="search" action="/products" onSubmit={submit} className="relative flex w-full flex-wrap items-stretch">
      <input
        type="search"
        name="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption?.id}
        autoComplete="off"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t("layout.search_placeholder")}
        aria-label={t("layout.search_placeholder")}
        // The mobile search dialog exists to type at once; the dialog focuses it (ui/dialog-panel.tsx).
        data-autofocus={autoFocus || undefined}
        className="h-11 min-w-0 flex-1 basis-0 rounded-s-xl border border-e-0 border-slate-200 bg-slate-50 px-4 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary-400 focus:bg-white focus:outline-none"
      />
      <Button
        type="submit"
        aria-label={t("layout.search")}
        size="none"
        weight="medium"
        className="inline-flex h-11 items-center gap-2 rounded-e-xl px-4 text-sm"
      >
        <SearchIcon />
        <span className="hidden lg:inline">{t("layout.search")}</span>
      </Button>
      <div
        id={listId}
        role="listbox"
        aria-label={t("layout.suggestions")}
        hidden={!expanded}
        // In the phone's dialog the list takes room below the box (the dialog would clip an overlay).
        className={`${inline ? "mt-2 max-h-[60vh] w-full" : "absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] shadow-lg"} overflow-y-auto rounded-xl border border-slate-200 bg-white py-2`}
      >
        {groups.map((g) => (
          // biome-ignore lint/a11y/useSemanticElements: an ARIA listbox's group of options, not a form fieldset
          <div key={g.key} role="group" aria-label={t(`layout.suggestions_${g.key}`)}>
            {g.key === "did_you_mean" ? null : (
              <div aria-hidden="true" className="px-4 pt-2 pb-1 text-xs font-semibold text-slate-500 uppercase">
                {t(`layout.suggestions_${g.key}`)}
              </div>
            )}
            {g.options.map((o) => {
              index++;
              const isActive = index === active;
              const at = index;
              return (
                <div
                  key={o.id}
                  id={o.id}
                  role="option"
                  aria-selected={isActive}
                  tabIndex={-1}
                  // keep the focus in the box, so the click lands before the list closes
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(at)}
                  onClick={() => take(o)}
                  onKeyDown={() => undefined}
                  className={`flex cursor-pointer items-center gap-3 px-4 py-2 text-sm ${
                    o.href ? "text-slate-800" : "font-semibold text-primary-700"
                  } ${isActive ? "bg-primary-50 text-primary-800 outline-2 -outline-offset-2 outline-primary-500" : ""}`}
                >
                  {g.key === "recent" && o.href ? (
                    <ClockIcon width={16} height={16} aria-hidden="true" className="shrink-0 text-slate-400" />
                  ) : null}
                  {o.image ? (
                    <img
                      src={o.image}
                      srcSet={srcSetOf(o.image)}
                      sizes="32px"
                      alt=""
                      width={32}
                      height={32}
                      className="size-8 shrink-0 rounded-md object-cover"
                      loading="lazy"
                    />
                  ) : null}
                  <span className="min-w-0 truncate">
                    {g.key === "did_you_mean" ? (
                      <>
                        {t("layout.suggestions_did_you_mean")}{" "}
                        <span className="font-semibold text-primary-700 underline">{o.label}</span>
                      </>
                    ) : (
                      o.label
                    )}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </form>
  );
}

/** The navbar's search box (from 768 px). */
export function SearchBox() {
  return <SearchForm />;
}

/** The search button and dialog of small screens. */
export function MobileSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t("layout.search")}
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <SearchIcon />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t("layout.search_products")} className="top-24! translate-y-0!">
        <div className="mt-3">
          <SearchForm autoFocus inline onDone={() => setOpen(false)} />
        </div>
      </Dialog>
    </>
  );
}
