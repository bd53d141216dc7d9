import { type Category, srcSetOf } from "@market/contract";
import { DropdownMenu } from "radix-ui";
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronEndIcon } from "../../ui/icons.tsx";
import { categoryPath } from "../catalog/index.ts";
import { categoryButtonClass, type MenuStart } from "./category-links.ts";

const item =
  "flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-800 data-[state=open]:bg-primary-50 data-[state=open]:text-primary-800";
const panel = "z-40 max-h-[70vh] w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl";

/**
 * The categories as a Radix menu: Up and Down move between categories, the inline-end arrow (Right,
 * Left in rtl), Enter or Space open a category's sub-categories and the other arrow comes back,
 * Escape closes and puts focus back on the button, Tab closes. A mouse pointing at the button opens
 * it; the click that usually follows keeps it open instead of closing it.
 */
export function CategoryMenuPanel({
  categories,
  button,
  initial,
}: {
  categories: Category[];
  button: ReactNode;
  initial: MenuStart;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(true);
  // Opened by pointing at it: the next press on the button keeps it open (once).
  const byHover = useRef(initial.hover);
  const timer = useRef<number | undefined>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  // The key that opened it reached the plain button before this one: when the menu takes focus,
  // the first category gets it, as when Radix opens the menu from the keyboard.
  const byKey = useRef(initial.keyboard);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const change = (next: boolean) => {
    byHover.current = false;
    setOpen(next);
  };
  const enter = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    window.clearTimeout(timer.current);
    if (!open) {
      byHover.current = true;
      setOpen(true);
    }
  };
  const leave = (e: PointerEvent) => {
    if (e.pointerType !== "mouse") return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      byHover.current = false;
      setOpen(false);
    }, 250);
  };
  const hover = { onPointerEnter: enter, onPointerLeave: leave };

  return (
    <DropdownMenu.Root open={open} onOpenChange={change} modal={false} dir={i18n.dir()}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={categoryButtonClass}
        {...hover}
        onPointerDown={(e) => {
          // Radix toggles on pointer down: the press after pointing keeps the menu open.
          if (open && byHover.current && e.button === 0) {
            e.preventDefault();
            byHover.current = false;
          }
        }}
      >
        {button}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          onFocus={(e) => {
            if (!byKey.current || e.target !== e.currentTarget) return;
            byKey.current = false;
            e.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          // Pressing the button is not a press outside: the button decides (below).
          onInteractOutside={(e) => trigger.current?.contains(e.target as Node) && e.preventDefault()}
          align="start"
          sideOffset={8}
          className={panel}
          {...hover}
          onKeyDown={(e) => {
            if (e.key === "Tab") change(false);
          }}
        >
          {categories.map((c) =>
            c.sub_categories.length > 0 ? (
              <DropdownMenu.Sub key={c.id}>
                <DropdownMenu.SubTrigger asChild className={item}>
                  <Link to={categoryPath(c.id)} onClick={() => change(false)}>
                    <Thumb src={c.thumbnail} />
                    <span className="flex-1 truncate">{c.name}</span>
                    <ChevronEndIcon className="size-4 text-slate-400" />
                  </Link>
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={6} alignOffset={-6} className={panel} {...hover}>
                    <DropdownMenu.Item asChild className={`${item} font-semibold`}>
                      <Link to={categoryPath(c.id)}>{t("layout.all_in_category", { name: c.name })}</Link>
                    </DropdownMenu.Item>
                    {c.sub_categories.map((s) => (
                      <DropdownMenu.Item key={s.id} asChild className={item}>
                        <Link to={categoryPath(c.id, s.id)}>{s.name}</Link>
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            ) : (
              <DropdownMenu.Item key={c.id} asChild className={item}>
                <Link to={categoryPath(c.id)}>
                  <Thumb src={c.thumbnail} />
                  <span className="flex-1 truncate">{c.name}</span>
                </Link>
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Thumb({ src }: { src: string }) {
  return (
    <img
      src={src}
      srcSet={srcSetOf(src)}
      sizes="28px"
      alt=""
      width={28}
      height={28}
      className="size-7 rounded-md bg-slate-100 object-cover"
      loading="lazy"
    />
  );
}
