import type { ProductCard as ProductCardData } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BannerCarousel, BannerSkeleton } from "../../features/catalog/banner-carousel.tsx";
import { CATEGORY_GRID, CategoryTile, CategoryTileSkeleton } from "../../features/catalog/category-tile.tsx";
import { Countdown } from "../../features/catalog/countdown.tsx";
import { BoltIcon } from "../../features/catalog/icons.tsx";
import { ProductCard, ProductCardSkeleton } from "../../features/catalog/product-card.tsx";
import { EmptyState } from "../../features/catalog/product-grid.tsx";
import { useHome } from "../../features/catalog/queries.ts";
import { Rail } from "../../features/catalog/rail.tsx";
import { PAGE, Section } from "../../features/catalog/section.tsx";
import { SHOP_GRID, ShopCard, ShopCardSkeleton } from "../../features/catalog/shop-card.tsx";

export const handle = { title: "catalog.home" };

const PLACEHOLDERS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function ProductRail({
  label,
  products,
  eager,
}: {
  label: string;
  products: ProductCardData[] | undefined;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  if (!products) {
    return (
      <Rail label={label}>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ProductCardSkeleton key={i} />
        ))}
      </Rail>
    );
  }
  if (products.length === 0) return <EmptyState text={t("catalog.no_products")} />;
  return (
    <Rail label={label}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={eager && i < 5} />
      ))}
    </Rail>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { data, isError } = useHome();
  const sale = data?.flash_sale;
  return (
    <div className={PAGE}>
      <h1 className="sr-only">{t("catalog.home")}</h1>
      {data ? <BannerCarousel banners={data.banners} /> : <BannerSkeleton />}
      {isError && <EmptyState text={t("catalog.load_failed")} />}

      <Section id="home-categories" title={t("catalog.categories")} viewAll="/categories">
        <ul className={CATEGORY_GRID}>
          {data
            ? data.categories.slice(0, 10).map((c, i) => (
                <li
                  key={c.id}
                  className={i >= 8 ? "hidden xl:block" : i >= 6 ? "hidden lg:block" : i >= 4 ? "hidden sm:block" : ""}
                >
                  <CategoryTile category={c} eager />
                </li>
              ))
            : PLACEHOLDERS.map((i) => (
                <li
                  key={i}
                  className={i >= 8 ? "hidden xl:block" : i >= 6 ? "hidden lg:block" : i >= 4 ? "hidden sm:block" : ""}
                >
                  <CategoryTileSkeleton />
                </li>
              ))}
        </ul>
      </Section>

      {sale && (
        <section
          aria-labelledby="home-flash-sale"
          className="flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-rose-600 via-rose-500 to-orange-400 p-4 sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-3 text-white">
            <div className="flex flex-col gap-1">
              <h2 id="home-flash-sale" className="flex items-center gap-2 text-xl font-bold sm:text-2xl">
                <BoltIcon width={22} height={22} />
                {t("catalog.flash_sale")}
              </h2>
              <p className="text-sm text-white/90">{sale.name}</p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-sm font-medium">{t("catalog.ends_in")}</span>
              <Countdown endDate={sale.end_date} />
              <Link
                to={`/flash-sale/${sale.id}`}
                className="inline-flex h-10 items-center rounded-full bg-white px-4 text-sm font-semibold text-rose-700 hover:bg-rose-50"
              >
                {t("catalog.view_all")}
                <span className="sr-only"> {t("catalog.flash_sale")}</span>
              </Link>
            </div>
          </div>
          <ProductRail label={t("catalog.flash_sale")} products={sale.products} />
        </section>
      )}

      <Section id="home-popular" title={t("catalog.popular_products")} viewAll="/most-popular">
        <ProductRail label={t("catalog.popular_products")} products={data?.popular_products} eager={!sale} />
      </Section>
      <Section id="home-best-deals" title={t("catalog.best_deals")} viewAll="/best-deal">
        <ProductRail label={t("catalog.best_deals")} products={data?.best_deals} />
      </Section>
      <Section id="home-new" title={t("catalog.new_arrivals")} viewAll="/products?sort=newest">
        <ProductRail label={t("catalog.new_arrivals")} products={data?.new_arrivals} />
      </Section>
      <Section id="home-shops" title={t("catalog.top_shops")} viewAll="/shops">
        <ul className={SHOP_GRID}>
          {data
            ? data.shops.slice(0, 8).map((s, i) => (
                <li key={s.id} className={i >= 4 ? "hidden sm:block" : ""}>
                  <ShopCard shop={s} />
                </li>
              ))
            : Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={i}>
                  <ShopCardSkeleton />
                </li>
              ))}
        </ul>
      </Section>
    </div>
  );
}
