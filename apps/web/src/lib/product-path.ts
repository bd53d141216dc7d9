/**
 * A product page's address: with its slug when there is one (the page works without it), and the
 * size and colour to open on when given (the page's `size` and `color` query).
 */
export function productPath(
  p: { id: number; slug?: string | null | undefined },
  variant?: { size?: number | null | undefined; color?: number | null | undefined },
): string {
  const path = p.slug ? `/products/${p.id}/details/${p.slug}` : `/products/${p.id}/details`;
  const query = new URLSearchParams();
  if (variant?.size) query.set("size", String(variant.size));
  if (variant?.color) query.set("color", String(variant.color));
  return query.size > 0 ? `${path}?${query}` : path;
}
