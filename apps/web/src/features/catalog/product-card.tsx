import { IMAGE_SIZES, type ProductCard as ProductCardData, srcSetOf } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { productPath } from "../../lib/product-path.ts";
import { Skeleton } from "../../ui/skeleton.tsx";
import { CardAddToCart, DiscountBadge, FavoriteButton, ProductPrice } from "../cart/index.ts";
import { Rating } from "./rating.tsx";

/** `eager` for cards in the first visible row, so the largest image is not lazy-loaded. */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const { t } = useTranslation();
  const soldOut = product.quantity <= 0;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-primary-500">
      <div className="relative aspect-square overflow-hidden bg-slate-50">
        <img
          src={product.thumbnail}
          srcSet={srcSetOf(product.thumbnail)}
          sizes={IMAGE_SIZES.productCard}
          alt=""
          width={400}
          height={400}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        <DiscountBadge percentage={product.discount_percentage} className="absolute start-2 top-2" />
        {soldOut && (
          <span className="absolute bottom-2 start-2 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">
            {t("catalog.out_of_stock")}
          </span>
        )}
        <FavoriteButton product={product} className="absolute end-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        {product.brand && <p className="name-line truncate text-xs text-slate-500">{product.brand.name}</p>}
        <h3 className="line-clamp-2 min-h-10 text-sm font-medium leading-5 text-slate-900">
          <Link to={productPath(product)} className="outline-none after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        <Rating value={product.rating} count={product.total_reviews} />
        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <ProductPrice product={product} />
          <CardAddToCart product={product} className="relative z-10 shrink-0" />
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
      aria-hidden="true"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-3.5 w-1/2" />
        <Skeleton className="mt-1 h-6 w-2/5" />
      </div>
    </div>
  );
}
