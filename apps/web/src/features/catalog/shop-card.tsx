import type { Shop } from "@market/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ClockIcon, TruckIcon } from "../../ui/icons.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { Price } from "../settings/index.ts";
import { useDeliveryTime } from "./delivery-time.ts";
import { Rating } from "./rating.tsx";

export function ShopCard({ shop, eager = false }: { shop: Shop; eager?: boolean }) {
  const { t } = useTranslation();
  const deliveryTime = useDeliveryTime();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-primary-500">
      <div className="aspect-[3/1] bg-slate-100">
        <img
          src={shop.banner}
          alt=""
          width={600}
          height={200}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 px-4 pb-4">
        <img
          src={shop.logo}
          alt=""
          width={64}
          height={64}
          loading={eager ? "eager" : "lazy"}
          className="-mt-8 size-16 rounded-2xl border-4 border-white bg-white object-cover shadow-sm"
        />
        <h3 className="name-line truncate text-base font-semibold text-slate-900">
          <Link to={`/shops/${shop.id}`} className="outline-none after:absolute after:inset-0">
            {shop.name}
          </Link>
        </h3>
        <Rating value={shop.rating} count={shop.total_reviews} />
        <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-1 text-xs text-slate-600">
          <div className="flex items-center gap-1">
            <dt>
              <TruckIcon />
              <span className="sr-only">{t("catalog.delivery_charge")}</span>
            </dt>
            <dd>
              <Price amount={shop.delivery_charge} />
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <ClockIcon />
              <span className="sr-only">{t("catalog.estimated_delivery")}</span>
            </dt>
            <dd>{deliveryTime(shop.estimated_delivery_time)}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

export function ShopCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
      aria-hidden="true"
    >
      <Skeleton className="aspect-[3/1] w-full rounded-none" />
      <div className="flex flex-col gap-2 px-4 pb-4">
        <Skeleton className="-mt-8 size-16 rounded-2xl border-4 border-white" />
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-3.5 w-1/2" />
        <Skeleton className="mt-1 h-4 w-3/4" />
      </div>
    </div>
  );
}

export const SHOP_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
