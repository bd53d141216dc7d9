import { THEME_SHADES } from "@market/contract";
import { useEffect } from "react";
import { useMaster } from "./use-master.ts";

/**
 * The CSS variables of the 12 primary shades (`primary`, `primary50` ... `primary950`), or none at
 * all when any shade is missing (spec: applied only when all 12 exist).
 */
export function themeVariables(themeColors: Record<string, string> | undefined): Record<string, string> {
  const primary = themeColors?.primary;
  if (!themeColors || !primary) return {};
  const vars: Record<string, string> = { "--color-primary": primary };
  for (const shade of THEME_SHADES) {
    const value = themeColors[`primary${shade}`];
    if (!value) return {};
    vars[`--color-primary-${shade}`] = value;
  }
  return vars;
}

/** Points the tab's icon at the settings' favicon (the page's own empty icon when there is none). */
function useFavicon(favicon: string | undefined) {
  useEffect(() => {
    if (!favicon) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "icon";
      document.head.append(link);
    }
    const previous = link.getAttribute("href");
    if (previous !== favicon) link.setAttribute("href", favicon);
    return () => {
      if (previous !== null) link.setAttribute("href", previous);
    };
  }, [favicon]);
}

/** Puts the settings' theme and favicon on the page (mounted once in the app). */
export function useTheme() {
  const { data: master } = useMaster();
  useFavicon(master?.favicon);
  const colors = master?.theme_colors;
  useEffect(() => {
    const vars = themeVariables(colors);
    const style = document.documentElement.style;
    // Unchanged values stay untouched: a change on <html> restyles the whole page.
    for (const [name, value] of Object.entries(vars))
      if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) style.removeProperty(name);
    };
  }, [colors]);
}
