import type { Category } from "@market/contract";
import { lazy, Suspense, startTransition, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDownIcon, GridIcon } from "../../ui/icons.tsx";
import { categoryButtonClass, type MenuStart } from "./category-links.ts";

const Panel = lazy(() => import("./category-menu-panel.tsx").then((m) => ({ default: m.CategoryMenuPanel })));

/**
 * 'All Categories': a Radix menu (category-menu-panel.tsx) whose code loads when the shopper first
 * points at or presses the button (as ui/dropdown.tsx); until then a plain button that
 * looks the same.
 */
export function CategoryMenu({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  const [armed, setArmed] = useState<MenuStart | null>(null);
  const arm = (next: MenuStart) => startTransition(() => setArmed((a) => a ?? next));
  const content = (
    <>
      <GridIcon />
      {t("layout.all_categories")}
      <ChevronDownIcon className="size-4" />
    </>
  );
  const plain = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={categoryButtonClass}
      onPointerEnter={(e) => e.pointerType === "mouse" && arm({ hover: true, keyboard: false })}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " " || e.key === "ArrowDown") {
          e.preventDefault();
          arm({ hover: false, keyboard: true });
        }
      }}
      // A press wins over the pointing that came just before it (the press is not "the click after hover")
      onClick={() => startTransition(() => setArmed((a) => (a?.keyboard ? a : { hover: false, keyboard: false })))}
    >
      {content}
    </button>
  );
  if (categories.length === 0) return plain;
  return (
    <Suspense fallback={plain}>
      {armed ? <Panel categories={categories} button={content} initial={armed} /> : plain}
    </Suspense>
  );
}
