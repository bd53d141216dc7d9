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

/** Puts the settings' theme on `<html>` (mounted once in the app). */
export function useTheme() {
  const { data: master } = useMaster();
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
