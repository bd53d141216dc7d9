import type { ProductBody } from "@market/contract";

export type VariantRow = ProductBody["variants"][number];

const keyOf = (sizeId: number, colorId: number) => `${sizeId}:${colorId}`;

/**
 * The variant grid for the chosen sizes and colours: one row per size × colour pair in the order
 * they were chosen (size 0 / colour 0 when there are none), keeping the stock and SKU already
 * entered for the pairs that stay.
 */
export function variantGrid(sizeIds: readonly number[], colorIds: readonly number[], current: readonly VariantRow[]) {
  const kept = new Map(current.map((v) => [keyOf(v.size_id, v.color_id), v]));
  const sizes = sizeIds.length ? sizeIds : [0];
  const colors = colorIds.length ? colorIds : [0];
  return sizes.flatMap((size_id) =>
    colors.map((color_id): VariantRow => {
      const old = kept.get(keyOf(size_id, color_id));
      return { size_id, color_id, stock: old?.stock ?? 0, sku: old?.sku ?? "" };
    }),
  );
}

/** An item moved from one place of a list to another. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
