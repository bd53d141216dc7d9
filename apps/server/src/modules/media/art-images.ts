import { IMAGE_WIDTHS, RASTER_ART, type RasterArtKind } from "@market/contract";
import sharp from "sharp";
import { TtlCache } from "../../lib/ttl-cache.ts";
import { renderPlaceholder } from "./media.service.ts";

// The demo's pictures without text (products, banners, categories...) are served as WebP in
// IMAGE_WIDTHS, like uploaded photos: `/media/<kind>/<seed>-<width>.webp`. A copy is drawn from the
// kind's SVG on the first request that asks for it and kept in memory, so seeding costs nothing. WebP only: AVIF takes ~10x longer to encode here, for artwork
// that is a few KB as WebP (docs/decisions.md, issue 18).

const FILE = /^([A-Za-z0-9-]{1,100})-(\d{3,4})\.webp$/;
const QUALITY = 80;

const isRasterKind = (kind: string): kind is RasterArtKind => Object.hasOwn(RASTER_ART, kind);

/** The first `max` characters of a label, cut between characters (not inside an emoji) and well formed. */
const labelText = (label: string, max: number) =>
  Array.from(label)
    .slice(0, max)
    .join("")
    .replace(/\p{Surrogate}/gu, "\uFFFD");

/**
 * The URL of generated artwork (the demo's, and a record's without an uploaded image): a picture
 * without text names its largest WebP copy; one with text is an SVG carrying (the start of) its label.
 */
export const artworkUrl = (kind: string, seed: string, label = "", labelMax = 80) =>
  isRasterKind(kind)
    ? `/media/${kind}/${seed}-${RASTER_ART[kind]}.webp`
    : `/media/${kind}/${seed}.svg${label ? `?t=${encodeURIComponent(labelText(label, labelMax))}` : ""}`;

/** The seed and width a raster artwork's file name asks for; null when it names none we draw. */
export function rasterArtRequest(
  kind: string,
  file: string,
): { kind: RasterArtKind; seed: string; width: number } | null {
  const m = file.match(FILE);
  const width = Number(m?.[2]);
  if (!m || !isRasterKind(kind) || !IMAGE_WIDTHS.some((w) => w === width) || width > RASTER_ART[kind]) return null;
  return { kind, seed: m[1] as string, width };
}

/** The SVG drawn at `width` px as WebP (the SVG is scaled before it is rasterised, so it stays sharp). */
export async function drawRasterArt(kind: RasterArtKind, seed: string, width: number): Promise<Buffer> {
  const svg = renderPlaceholder(kind, seed, "") as string;
  const natural = Number(svg.match(/ width="(\d+)"/)?.[1]);
  return sharp(Buffer.from(svg), { density: (72 * width) / natural })
    .resize({ width })
    .webp({ quality: QUALITY })
    .toBuffer();
}

const ART_KEPT = 2000;

/**
 * Copies drawn, kept in memory (the newest ART_KEPT, a few MB): any seed in the URL draws a
 * picture, so copies kept on disk would let anyone fill the disk with made-up seeds. Browsers and a
 * CDN keep them for good (`immutable`); a restart draws each once again.
 */
const drawn = new TtlCache<Promise<Buffer>>(Number.POSITIVE_INFINITY, ART_KEPT);

/** The copy's bytes: drawn once, then from memory; requests for one being drawn share the work. */
export function rasterArt(kind: RasterArtKind, seed: string, width: number): Promise<Buffer> {
  const key = `${kind}/${seed}-${width}`;
  let copy = drawn.get(key);
  if (!copy) {
    copy = drawRasterArt(kind, seed, width);
    drawn.set(key, copy);
    copy.catch(() => drawn.delete(key));
  }
  return copy;
}
