import type { ProductCard } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productPath } from "../../lib/product-path.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { TrashIcon } from "../../ui/icons.tsx";
import { type PageChange, Pagination } from "../../ui/pagination.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { CardAddToCart } from "./card-add-to-cart.tsx";
import { DiscountBadge, ProductPrice } from "./product-price.tsx";
import { ProductThumb } from "./product-thumb.tsx";
import { FAVORITES_PER_PAGE, useFavorites, useToggleFavorite } from "./queries.ts";

/** The wishlist: each favourite with its price, Add to Cart and Remove; paged. */
export function Wishlist({
  page,
  onPage,
  emptyTitle,
  emptyText,
}: {
  page: number;
  onPage: PageChange;
  emptyTitle: string;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const { data, isError } = useFavorites(page);
  if (isError && !data) return <p className="text-sm text-rose-700">{t("common.something_went_wrong")}</p>;
  if (!data) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[1, 2, 3].map((k) => (
          <Skeleton key={k} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (data.count === 0) return <EmptyState title={emptyTitle} text={emptyText} />;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t("cart.wishlist_count", { count: data.count })}</p>
      <ul className="flex flex-col gap-3">
        {data.products.map((p) => (
          <WishlistItem key={p.id} product={p} />
        ))}
      </ul>
      <Pagination page={page} total={data.count} perPage={FAVORITES_PER_PAGE} onChange={onPage} />
    </div>
  );
}

function WishlistItem({ product }: { product: ProductCard }) {
  const { t } = useTranslation();
  const { toggle, isPending } = useToggleFavorite();
  return (
    <li
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-3 sm:flex-nowrap"
      data-testid="wishlist-item"
    >
      <ProductThumb product={product} size={88} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {product.brand && <p className="name-line truncate text-xs text-slate-500">{product.brand.name}</p>}
        <Link to={productPath(product)} className="line-clamp-2 font-medium text-slate-900 hover:text-primary-700">
          {product.name}
        </Link>
        <p className="name-line truncate text-xs text-slate-500">{product.shop.name}</p>
        <div className="flex flex-wrap items-center gap-2">
          <ProductPrice product={product} />
          <DiscountBadge percentage={product.discount_percentage} />
          {product.quantity <= 0 && (
            <span className="text-xs font-medium text-rose-700">{t("catalog.out_of_stock")}</span>
          )}
        </div>
      </div>
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <CardAddToCart product={product} labelled className="flex-1 sm:flex-none" />
        <button
          type="button"
          onClick={() => toggle(product.id)}
          disabled={isPending}
          aria-label={t("cart.remove_from_wishlist", { name: product.name })}
          className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:border-rose-300 hover:bg-rose-50 hover:text-rose-700 disabled:opacity-50"
        >
          <TrashIcon className="size-4" />
          {t("cart.remove")}
        </button>
      </div>
    </li>
  );
}
