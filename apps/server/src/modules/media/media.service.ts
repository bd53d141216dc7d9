import { escapeHtml } from "../../lib/html.ts";

// Generated artwork for the demo catalogue: a soft gradient with a label, sized per kind.

export const SVG_KINDS = [
  "product",
  "shop",
  "cover",
  "category",
  "banner",
  "blog",
  "brand",
  "avatar",
  "logo",
  "flash",
  "payment",
  "social",
  "qr",
  "store",
] as const;
export type SvgKind = (typeof SVG_KINDS)[number];

const SIZES: Record<SvgKind, [number, number]> = {
  product: [600, 600],
  shop: [200, 200],
  cover: [1200, 300],
  category: [300, 300],
  banner: [1200, 400],
  blog: [800, 450],
  brand: [240, 120],
  avatar: [200, 200],
  logo: [240, 64],
  flash: [800, 300],
  payment: [160, 64],
  social: [64, 64],
  qr: [160, 160],
  store: [180, 54],
};

/** FNV-1a: a stable 32-bit hash of the seed, so one URL always renders the same picture. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const initials = (label: string) =>
  label
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? "")
    .join("");

function qrPattern(h: number): string {
  // A QR-like 25x25 grid: three finder squares plus seeded modules (decorative, not scannable).
  const n = 25;
  let seed = h || 1;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4_294_967_296;
  };
  const finder = (x: number, y: number) => x < 8 && y < 8;
  let path = "";
  for (const [fx, fy] of [
    [0, 0],
    [n - 7, 0],
    [0, n - 7],
  ] as const) {
    path += `M${fx} ${fy}h7v7h-7zM${fx + 1} ${fy + 1}v5h5v-5zM${fx + 2} ${fy + 2}h3v3h-3z`;
  }
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (finder(x, y) || finder(n - 1 - x, y) || finder(x, n - 1 - y)) continue;
      if (next() < 0.45) path += `M${x} ${y}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="-2 -2 ${n + 4} ${n + 4}" shape-rendering="crispEdges"><rect x="-2" y="-2" width="${n + 4}" height="${n + 4}" fill="#fff"/><path fill="#111827" fill-rule="evenodd" d="${path}"/></svg>`;
}

/**
 * Kinds whose label is a translated text (a product's or a post's name): the page prints it beside
 * the picture in the reader's language, so the picture carries none (it would stay English).
 */
const TRANSLATED = new Set<string>(["product", "blog", "category", "banner", "flash"]);

/** The SVG for a kind, seed and label; null for an unknown kind. */
export function renderPlaceholder(kind: string, seed: string, label: string): string | null {
  const size = SIZES[kind as SvgKind];
  if (!size) return null;
  const h = hash(`${kind}/${seed}`);
  if (kind === "qr") return qrPattern(h);
  const [w, ht] = size;
  const text = kind === "avatar" || kind === "social" ? initials(label) : TRANSLATED.has(kind) ? "" : label.trim();
  const safe = escapeHtml(text);
  // A name or initials fill an avatar, a logo or a button; a picture's caption stays small.
  const share = kind === "avatar" || kind === "social" ? 0.4 : kind === "store" || kind === "logo" ? 0.38 : 0.11;
  const font = Math.round(Math.min(ht * share, (w * 1.6) / Math.max(text.length, 4)));
  const textEl = text
    ? `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,sans-serif" font-size="${font}" font-weight="600" fill="#fff">${safe}</text>`
    : "";
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}" role="img" aria-label="${safe}">`;
  if (kind === "store") {
    return `${open}<rect width="${w}" height="${ht}" rx="10" fill="#111827"/>${textEl}</svg>`;
  }
  const hue = h % 360;
  const hue2 = (hue + 30 + ((h >>> 9) % 50)) % 360;
  const cx = Math.round(w * (0.15 + ((h >>> 3) % 70) / 100));
  const cy = Math.round(ht * (0.1 + ((h >>> 11) % 80) / 100));
  const r = Math.round(Math.min(w, ht) * 0.45);
  const rounded = kind === "avatar" ? ` rx="${w / 2}"` : kind === "logo" || kind === "payment" ? ' rx="12"' : "";
  return (
    `${open}<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${hue2},65%,40%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${ht}"${rounded} fill="url(#g)"/>` +
    (rounded ? "" : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".12"/>`) +
    `${textEl}</svg>`
  );
}
