import type { Category } from "@market/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../ui/button.tsx";
import { ChevronDownIcon, ChevronEndIcon, GridIcon } from "../../ui/icons.tsx";

export const categoryPath = (id: number) => `/categories/${id}`;
export const subCategoryPath = (id: number, subId: number) => `/categories/${id}?subcategory=${subId}`;

/** 'All Categories' dropdown: the categories, and a category's sub-categories on hover or focus. */
export function CategoryMenu({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const panelId = useId();
  const active = categories.find((c) => c.id === activeId) ?? categories[0];
  const close = () => {
    setOpen(false);
    setActiveId(null);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the menu; the button is the keyboard way
    <div
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={close}
      onKeyDown={(e) => {
        if (e.key === "Escape") close();
      }}
    >
      <Button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        size="none"
        className="inline-flex h-11 items-center gap-2 rounded-lg px-4 text-sm"
      >
        <GridIcon />
        {t("layout.all_categories")}
        <ChevronDownIcon className="size-4" />
      </Button>
      {open && categories.length > 0 && (
        <div id={panelId} className="absolute start-0 top-full z-40 pt-2">
          <div className="flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl">
            <ul className="max-h-[70vh] w-64 overflow-y-auto py-2">
              {categories.map((c) => (
                <li key={c.id} onMouseEnter={() => setActiveId(c.id)} onFocus={() => setActiveId(c.id)}>
                  <Link
                    to={categoryPath(c.id)}
                    onClick={close}
                    className={`flex items-center gap-3 px-4 py-2 text-sm ${
                      active?.id === c.id ? "bg-primary-50 text-primary-700" : "text-slate-700"
                    }`}
                  >
                    <img
                      src={c.thumbnail}
                      alt=""
                      className="size-7 rounded-md bg-slate-100 object-cover"
                      loading="lazy"
                    />
                    <span className="flex-1 truncate">{c.name}</span>
                    {c.sub_categories.length > 0 && <ChevronEndIcon className="size-4 text-slate-400" />}
                  </Link>
                </li>
              ))}
            </ul>
            {active && active.sub_categories.length > 0 && (
              <div className="w-64 border-s border-slate-100 bg-slate-50/60 p-4">
                <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{active.name}</p>
                <ul className="space-y-0.5">
                  {active.sub_categories.map((s) => (
                    <li key={s.id}>
                      <Link
                        to={subCategoryPath(active.id, s.id)}
                        onClick={close}
                        className="block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-white hover:text-primary-700"
                      >
                        {s.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
