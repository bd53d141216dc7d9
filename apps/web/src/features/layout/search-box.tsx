import { MAX_SEARCH_LENGTH } from "@market/contract";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { SearchIcon } from "../../ui/icons.tsx";

/** The search text: what the shopper types, kept in step with `/products?search=`. */
function useSearchText() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const fromUrl = pathname === "/products" ? (params.get("search") ?? "") : "";
  const [text, setText] = useState(fromUrl);
  useEffect(() => setText(fromUrl), [fromUrl]);
  const navigate = useNavigate();
  const run = () => {
    const q = text.trim();
    navigate(q ? `/products?${new URLSearchParams({ search: q })}` : "/products");
  };
  return { text, setText, run };
}

function SearchForm({ onDone, autoFocus }: { onDone?: () => void; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const { text, setText, run } = useSearchText();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run();
    onDone?.();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a search form landmark; <search> is not in React's DOM types yet
    <form role="search" onSubmit={submit} className="flex w-full items-stretch">
      <input
        type="search"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("layout.search_placeholder")}
        aria-label={t("layout.search_placeholder")}
        // biome-ignore lint/a11y/noAutofocus: the mobile search dialog exists to type at once
        autoFocus={autoFocus}
        className="h-11 min-w-0 flex-1 rounded-s-xl border border-e-0 border-slate-200 bg-slate-50 px-4 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary-400 focus:bg-white focus:outline-none"
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
          <SearchForm autoFocus onDone={() => setOpen(false)} />
        </div>
      </Dialog>
    </>
  );
}
