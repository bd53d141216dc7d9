import { type THEME_COLOR_KEYS, THEME_SHADES } from "@market/contract";

type Rgb = [number, number, number];

const toRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
const mix = (a: Rgb, b: Rgb, weight: number): Rgb => [
  a[0] + (b[0] - a[0]) * weight,
  a[1] + (b[1] - a[1]) * weight,
  a[2] + (b[2] - a[2]) * weight,
];

/**
 * How far each shade goes from the chosen colour towards white (negative: towards black). The
 * chosen colour is `primary` and shade 600, the one buttons and links use.
 */
const STEPS: Record<(typeof THEME_SHADES)[number], number> = {
  "50": 0.95,
  "100": 0.88,
  "200": 0.75,
  "300": 0.58,
  "400": 0.38,
  "500": 0.18,
  "600": 0,
  "700": -0.18,
  "800": -0.35,
  "900": -0.5,
  "950": -0.68,
};

export type ThemeColors = Record<(typeof THEME_COLOR_KEYS)[number], string>;

export const isHexColor = (v: string) => /^#[0-9a-fA-F]{6}$/.test(v);

/** The 12 theme colours derived from one: lighter shades mixed with white, darker with black. */
export function deriveShades(color: string): ThemeColors {
  const base = toRgb(color.toLowerCase());
  const out = { primary: color.toLowerCase() } as ThemeColors;
  for (const shade of THEME_SHADES) {
    const step = STEPS[shade];
    out[`primary${shade}`] = toHex(step >= 0 ? mix(base, [255, 255, 255], step) : mix(base, [0, 0, 0], -step));
  }
  return out;
}
