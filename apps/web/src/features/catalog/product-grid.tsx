import type { ProductCard as ProductCardData } from "@market/contract";
import { useTranslation } from "react-i18next";
import { NoResultsIcon } from "../../ui/icons.tsx";
import { ProductCard, ProductCardSkeleton } from "./product-card.tsx";
import { Later, Stages } from "./stages.tsx";

const GRID = {
  wide: "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5",
  narrow: "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4",
};

type Props = {
  products: ProductCardData[] | undefined;
  loading: boolean;
  /** number of skeleton cards while loading */
  placeholders?: number;
  variant?: keyof typeof GRID;
  /** cards in the first row load eagerly */
  eagerCount?: number;
  /** true while a new page or filter loads over the previous results */
  stale?: boolean;
};

export function ProductGrid({ products, loading, placeholders = 10, variant = "wide", eagerCount = 4, stale }: Props) {
  const { t } = useTranslation();
  if (loading || !products) {
    return (
      <div className={GRID[variant]} aria-busy="true">
        {Array.from({ length: placeholders }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (products.length === 0) return <EmptyState text={t("catalog.no_products")} />;
  // The first row renders at once, the rest a step later (stages.tsx); later pages render whole.
  return (
    <Stages steps={1}>
      <ul className={`${GRID[variant]} transition-opacity ${stale ? "opacity-60" : ""}`} aria-busy={stale || undefined}>
        {products.map((p, i) => (
          <li key={p.id}>
            {i < eagerCount ? (
              <ProductCard product={p} eager />
            ) : (
              <Later step={1} placeholder={<ProductCardSkeleton />}>
                <ProductCard product={p} />
              </Later>
            )}
          </li>
        ))}
      </ul>
    </Stages>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex min-h-60 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-8 text-center text-slate-600"
    >
      <NoResultsIcon width={40} height={40} strokeWidth={1.5} />
      <p className="font-medium">{text}</p>
    </div>
  );
}
