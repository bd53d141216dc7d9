// Raster images in several widths: uploaded product photos and the demo's generated artwork.
// Free of zod on purpose: the storefront's first chunks import it (a card's srcset, the home banner's sizes).

/** Widths (px) of the WebP copies kept of an uploaded product image; the URL names the largest. */
export const PRODUCT_IMAGE_WIDTHS = [200, 400, 800] as const;

/** Every width a WebP copy is made in; an image's URL names its largest copy, the smaller ones exist too. */
export const IMAGE_WIDTHS = [200, 400, 800, 1200] as const;

/**
 * The generated artwork drawn as WebP (`/media/<kind>/<seed>-<width>.webp`), with its largest width:
 * the pictures without text. Artwork with a label (logos, avatars, shop covers) stays SVG.
 */
export const RASTER_ART = { product: 800, banner: 1200, flash: 800, category: 400, blog: 800 } as const;
export type RasterArtKind = keyof typeof RASTER_ART;

/** `<base>-<width>.webp` of an upload or of raster artwork; the base is the same for every width. */
const COPY =
  /^((?:https?:\/\/[^/?#]+)?\/(?:uploads\/products\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|media\/[a-z]+\/[A-Za-z0-9-]{1,100}))-(\d{3,4})\.webp$/;

/**
 * The `srcset` of an image kept in several widths (every width up to the one its URL names), so a
 * small card loads a small copy; undefined for any other image (SVG artwork, external URLs).
 */
export function srcSetOf(url: string | null | undefined): string | undefined {
  const m = url?.match(COPY);
  const largest = Number(m?.[2]);
  if (!m || !IMAGE_WIDTHS.some((w) => w === largest)) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= largest)
    .map((w) => `${m[1]}-${w}.webp ${w}w`)
    .join(", ");
}

/**
 * The `sizes` of the images a page shows largest above the fold: the page's `<img>` and the server's
 * preload of it (apps/server/src/modules/seo/boot.ts) must agree, or the browser fetches two copies.
 */
export const IMAGE_SIZES = {
  /** the home page's banner: the page's width less its padding, up to the container's */
  banner:
    "(min-width: 1280px) 1216px, (min-width: 1024px) calc(100vw - 4rem), (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
  /** a product card in a grid of 2, 3, then fixed-width columns */
  productCard: "(min-width: 1024px) 16rem, (min-width: 640px) 33vw, 50vw",
  /** a product page's main image */
  productMain: "(min-width: 1024px) 40rem, 100vw",
} as const;
