import type { ProductCard as ProductCardData } from "@market/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  Countdown,
  categoryPath,
  Later,
  othersViewed,
  PAGE,
  ProductCard,
  ProductCardSkeleton,
  ProductGallery,
  ProductPurchase,
  Rail,
  Rating,
  Section,
  Stages,
  useDeliveryTime,
  useProductCards,
  useProductDetails,
  useRecentlyViewed,
} from "../../features/catalog/index.ts";
import { ChatWithShopButton } from "../../features/chat/index.ts";
import { NotFoundPage, usePageTitle } from "../../features/layout/index.ts";
import { ProductReviews } from "../../features/reviews/index.ts";
import { Price } from "../../features/settings/index.ts";
import { textLang } from "../../lib/text-lang.ts";
import { BoltIcon, ChevronIcon, ClockIcon, TruckIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.product_details", ownTitle: true, rendered: true };

function DetailsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-2" aria-busy="true">
      <Skeleton className="aspect-square rounded-3xl" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-9 w-4/5" />
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}

/** A rail below the fold: rendered at render step `step` of the page (stages.tsx), a skeleton before. */
function Products({
  id,
  title,
  products,
  step,
}: {
  id: string;
  title: string;
  products: ProductCardData[];
  step: number;
}) {
  if (products.length === 0) return null;
  const skeleton = (
    <Rail label={title}>
      {products.slice(0, 6).map((p) => (
        <ProductCardSkeleton key={p.id} />
      ))}
    </Rail>
  );
  return (
    <Section id={id} title={title}>
      <Later step={step} placeholder={skeleton}>
        <Rail label={title}>
          {products.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </Rail>
      </Later>
    </Section>
  );
}

const NOTHING_VIEWED: number[] = [];

/** The other products this browser opened lately, the last first. */
function RecentlyViewed({ current, step }: { current: number; step: number }) {
  const { t } = useTranslation();
  // Read once mounted, as the search box reads its recent searches: a server-rendered page hydrates
  // with what the server read (none), and a store that answers otherwise would have it drawn again.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const ids = othersViewed(
    useRecentlyViewed((s) => (mounted ? s.ids : NOTHING_VIEWED)),
    current,
  );
  const { data } = useProductCards(ids);
  return (
    <Products
      id="recently-viewed"
      title={t("catalog.recently_viewed")}
      products={ids.length > 0 ? (data?.products ?? []) : []}
      step={step}
    />
  );
}

export function Component() {
  const { t } = useTranslation();
  const deliveryTime = useDeliveryTime();
  const id = Number(useParams().id);
  const { data, isError } = useProductDetails(Number.isInteger(id) && id > 0 ? id : 0);
  const missing = !(id > 0) || (isError && !data);
  usePageTitle(missing ? t("common.page_not_found") : data?.product.name);
  const viewed = useRecentlyViewed((s) => s.viewed);
  const shownId = data?.product.id;
  useEffect(() => {
    if (shownId) viewed(shownId);
  }, [shownId, viewed]);

  if (missing) return <NotFoundPage />;
  if (!data) {
    return (
      <div className={PAGE}>
        <Skeleton className="h-5 w-64" />
        <DetailsSkeleton />
      </div>
    );
  }

  const { product } = data;
  const images = [product.thumbnail, ...product.thumbnails.filter((src) => src !== product.thumbnail)];
  const { category, sub_category: sub } = product;
  const crumbs = [
    { to: categoryPath(category.slug), name: category.name },
    ...(sub ? [{ to: categoryPath(category.slug, sub.id), name: sub.name }] : []),
  ];
  return (
    <div className={PAGE}>
      <nav aria-label={t("catalog.breadcrumb")} className="min-h-5 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-primary-700">
              {t("catalog.home")}
            </Link>
          </li>
          {/* Each separator goes with the crumb after it, so a line never ends on one. */}
          {crumbs.map((c) => (
            <li key={c.to} className="flex items-center gap-1.5">
              <Separator />
              <Link to={c.to} className="hover:text-primary-700">
                {c.name}
              </Link>
            </li>
          ))}
          <li className="flex min-w-0 items-center gap-1.5">
            <Separator />
            <span aria-current="page" className="max-w-[16rem] name-line truncate text-slate-900">
              {product.name}
            </span>
          </li>
        </ol>
      </nav>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery key={product.id} name={product.name} images={images} />
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            {product.brand && (
              <p className="text-sm font-medium uppercase tracking-wide text-primary-700">
                <Link to={`/brands/${product.brand.slug}`} className="hover:underline">
                  {product.brand.name}
                </Link>
              </p>
            )}
            <h1 className="text-2xl font-bold leading-tight tracking-tight text-slate-900 sm:text-3xl">
              {product.name}
            </h1>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              <Rating value={product.rating} count={product.total_reviews} size="md" />
              <span>{t("catalog.sold_count", { count: product.total_sold })}</span>
            </div>
          </div>

          {product.flash_sale && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-gradient-to-r from-rose-600 to-orange-500 px-4 py-3 text-white">
              <span className="flex items-center gap-2 text-sm font-semibold">
                <BoltIcon />
                {product.flash_sale.name}
              </span>
              <Countdown endDate={product.flash_sale.end_date} />
            </div>
          )}

          {product.short_description && (
            <p {...textLang(product.short_description_lang)} className="text-sm leading-6 text-slate-700">
              {product.short_description}
            </p>
          )}

          <ProductPurchase key={product.id} product={product} />

          <Link
            to={`/shops/${product.shop.id}`}
            className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:border-primary-300"
          >
            <img src={product.shop.logo} alt="" width={48} height={48} className="size-12 rounded-xl object-cover" />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="text-xs text-slate-600">{t("catalog.sold_by")}</span>
              <span className="name-line truncate text-sm font-semibold text-slate-900">{product.shop.name}</span>
              <Rating value={product.shop.rating} />
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-slate-600">
              <span className="flex items-center gap-1">
                <TruckIcon />
                <span className="sr-only">{t("catalog.delivery_charge")}</span>
                <Price amount={product.shop.delivery_charge} />
              </span>
              <span className="flex items-center gap-1">
                <ClockIcon />
                <span className="sr-only">{t("catalog.estimated_delivery")}</span>
                {deliveryTime(product.shop.estimated_delivery_time)}
              </span>
            </span>
            <ChevronIcon className="shrink-0 text-slate-400 rtl:rotate-180" />
          </Link>
          <ChatWithShopButton shop={product.shop} productId={product.id} className="self-start" />
        </div>
      </div>

      <Section id="product-description" title={t("catalog.description")}>
        {product.description ? (
          <div
            {...textLang(product.description_lang)}
            className="rich-text max-w-3xl rounded-2xl border border-slate-200 bg-white p-5"
            // The server sanitises product HTML before it stores or sends it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        ) : (
          <p className="text-sm text-slate-600">{t("catalog.no_description")}</p>
        )}
      </Section>

      <Section id="product-reviews" title={t("catalog.reviews")}>
        <ProductReviews product={product} />
      </Section>

      <Stages steps={3}>
        <Products
          id="related-products"
          title={t("catalog.related_products")}
          products={data.related_products}
          step={1}
        />
        <Products
          id="popular-products"
          title={t("catalog.popular_products")}
          products={data.popular_products}
          step={2}
        />
        <RecentlyViewed current={product.id} step={3} />
      </Stages>
    </div>
  );
}

function Separator() {
  return <ChevronIcon width={14} height={14} aria-hidden="true" className="shrink-0 rtl:-scale-x-100" />;
}
