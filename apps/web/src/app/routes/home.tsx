import type { ProductCard as ProductCardData } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  BannerCarousel,
  BannerSkeleton,
  CATEGORY_GRID,
  CategoryTile,
  CategoryTileSkeleton,
  Countdown,
  categoryCell,
  EmptyState,
  Later,
  PAGE,
  ProductCard,
  ProductCardSkeleton,
  Rail,
  Section,
  SHOP_GRID,
  ShopCard,
  ShopCardSkeleton,
  Stages,
  useHome,
} from "../../features/catalog/index.ts";
import { BoltIcon } from "../../ui/icons.tsx";

export const handle = { title: "catalog.home", rendered: true };

const PLACEHOLDERS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Cards of the first rail in the first render: what a phone shows of it. */
const FIRST_CARDS = 3;

function RailSkeleton({ label }: { label: string }) {
  return (
    <Rail label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={i} />
      ))}
    </Rail>
  );
}

/**
 * A rail of product cards, rendered at step `step` of the page (home renders in steps, see
 * stages.tsx); the page's first rail (step 1) shows its first cards in the first render already.
 */
function ProductRail({
  label,
  products,
  eager,
  step,
}: {
  label: string;
  products: ProductCardData[] | undefined;
  eager?: boolean;
  step: number;
}) {
  const { t } = useTranslation();
  if (!products) return <RailSkeleton label={label} />;
  if (products.length === 0) return <EmptyState text={t("catalog.no_products")} />;
  const cards = products.map((p, i) => <ProductCard key={p.id} product={p} eager={eager && i < 5} />);
  const before = step === 1 ? <Rail label={label}>{cards.slice(0, FIRST_CARDS)}</Rail> : <RailSkeleton label={label} />;
  return (
    <Later step={step} placeholder={before}>
      <Rail label={label}>{cards}</Rail>
    </Later>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { data, isError } = useHome();
  const sale = data?.flash_sale;
  // Render steps: the first rail, the other rails one by one, then the shops.
  const first = sale ? 0 : 1;
  return (
    <Stages steps={5 - first} ready={Boolean(data)}>
      <div className={PAGE}>
        <h1 className="sr-only">{t("catalog.home")}</h1>
        {data ? <BannerCarousel banners={data.banners} /> : <BannerSkeleton />}
        {isError && <EmptyState text={t("catalog.load_failed")} />}

        <Section id="home-categories" title={t("catalog.categories")} viewAll="/categories">
          <ul className={CATEGORY_GRID}>
            {data
              ? data.categories.slice(0, 10).map((c, i) => (
                  <li key={c.id} className={categoryCell(i)}>
                    {/* the tiles out of a phone's first view (i >= 4) load when scrolled to */}
                    <CategoryTile category={c} eager={i < 4} />
                  </li>
                ))
              : PLACEHOLDERS.map((i) => (
                  <li key={i} className={categoryCell(i)}>
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
            <ProductRail label={t("catalog.flash_sale")} products={sale.products} step={1} />
          </section>
        )}

        <Section belowFold id="home-popular" title={t("catalog.popular_products")} viewAll="/most-popular">
          <ProductRail
            label={t("catalog.popular_products")}
            products={data?.popular_products}
            eager={!sale}
            step={2 - first}
          />
        </Section>
        <Section belowFold id="home-best-deals" title={t("catalog.best_deals")} viewAll="/best-deal">
          <ProductRail label={t("catalog.best_deals")} products={data?.best_deals} step={3 - first} />
        </Section>
        <Section belowFold id="home-new" title={t("catalog.new_arrivals")} viewAll="/products?sort=newest">
          <ProductRail label={t("catalog.new_arrivals")} products={data?.new_arrivals} step={4 - first} />
        </Section>
        <Section belowFold id="home-shops" title={t("catalog.top_shops")} viewAll="/shops">
          {data ? (
            <Later step={5 - first} placeholder={<ShopsSkeleton />}>
              <ul className={SHOP_GRID}>
                {data.shops.slice(0, 8).map((s, i) => (
                  <li key={s.id} className={i >= 4 ? "hidden sm:block" : ""}>
                    <ShopCard shop={s} />
                  </li>
                ))}
              </ul>
            </Later>
          ) : (
            <ShopsSkeleton />
          )}
        </Section>
      </div>
    </Stages>
  );
}

function ShopsSkeleton() {
  return (
    <ul className={SHOP_GRID}>
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <ShopCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
