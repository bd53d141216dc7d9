import { Tabs as RadixTabs } from "radix-ui";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export type Tab = { value: string; title: string; panel: ReactNode; invalid?: boolean };

const look = {
  underline: {
    list: "mb-4 flex flex-wrap gap-1 border-b border-slate-200",
    tab: (on: boolean, invalid: boolean) =>
      `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${on ? "border-primary-600 text-primary-700" : "border-transparent text-slate-600 hover:text-slate-900"} ${invalid ? "text-red-700" : ""}`,
  },
  pill: {
    list: "mb-3 flex flex-wrap gap-1.5",
    tab: (on: boolean, invalid: boolean) =>
      `rounded-lg px-3 py-1.5 text-sm font-medium ${on ? "bg-primary-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"} ${invalid ? "ring-2 ring-red-400" : ""}`,
  },
};

/**
 * Tabs, mostly a form's texts per language (Radix Tabs: the arrow keys, Home and End move between tabs
 * in the page's direction, Tab goes on into the panel). Every panel stays mounted, hidden while
 * another tab is chosen, so the form keeps its fields; a tab whose panel has an error is marked.
 * When a submit finds an error only in a hidden panel, that tab is shown and its first invalid
 * field takes the focus (a hidden field cannot, so the focus would stay on the submit button).
 */
export function Tabs({
  label,
  tabs,
  variant = "underline",
  panelClassName,
  value,
  onValueChange,
}: {
  label: string;
  tabs: Tab[];
  variant?: keyof typeof look;
  panelClassName?: string;
  /** The chosen tab, when the page keeps it (in its address); else the tabs keep it. */
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  const { i18n } = useTranslation();
  const [own, setOwn] = useState(tabs[0]?.value ?? "");
  const active = value ?? own;
  const setActive = onValueChange ?? setOwn;
  const root = useRef<HTMLDivElement>(null);
  const invalid = tabs.filter((tab) => tab.invalid).map((tab) => tab.value);
  const wasInvalid = useRef(invalid);
  const revealed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the set of invalid tabs changes
  useLayoutEffect(() => {
    const before = wasInvalid.current;
    wasInvalid.current = invalid;
    const newly = invalid.find((value) => !before.includes(value));
    if (newly === undefined || invalid.includes(active)) return;
    revealed.current = true;
    setActive(newly);
  }, [invalid.join(" ")]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the revealed tab is shown
  useLayoutEffect(() => {
    if (!revealed.current) return;
    revealed.current = false;
    if (document.activeElement?.getAttribute("aria-invalid") === "true") return;
    root.current?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]) [aria-invalid="true"]')?.focus();
  }, [active]);
  return (
    <RadixTabs.Root ref={root} value={active} onValueChange={setActive} dir={i18n.dir()}>
      <RadixTabs.List aria-label={label} className={look[variant].list}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={look[variant].tab(active === tab.value, tab.invalid === true)}
          >
            {tab.title}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        // Panels hold fields, so they are not a stop of their own.
        <RadixTabs.Content
          key={tab.value}
          value={tab.value}
          forceMount
          hidden={active !== tab.value}
          tabIndex={-1}
          className={panelClassName}
        >
          {tab.panel}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
