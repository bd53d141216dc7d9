/** A product page's address: with its slug when there is one (the page works without it). */
export function productPath(p: { id: number; slug?: string | null | undefined }): string {
  return p.slug ? `/products/${p.id}/details/${p.slug}` : `/products/${p.id}/details`;
}
