import { PRODUCT_IMAGE_WIDTHS } from "@market/contract";

const LARGEST = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1];
/** An uploaded product image: its URL names the largest WebP copy; the others differ only in the width. */
const UPLOADED = new RegExp(`^((?:https?://[^/]+)?/uploads/products/[0-9a-f-]{36})-${LARGEST}\\.webp$`);

/**
 * The `srcset` of an uploaded product image (every width the server keeps), so a small card loads
 * the small copy; undefined for any other image (seeded or external URLs have one size only).
 */
export function srcSetOf(url: string | null | undefined): string | undefined {
  const m = url?.match(UPLOADED);
  if (!m) return undefined;
  return PRODUCT_IMAGE_WIDTHS.map((w) => `${m[1]}-${w}.webp ${w}w`).join(", ");
}
