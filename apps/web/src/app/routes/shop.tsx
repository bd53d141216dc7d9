import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PAGE, ProductListing, Rating, useDeliveryTime, useShop } from "../../features/catalog/index.ts";
import { ChatWithShopButton } from "../../features/chat/index.ts";
import { NotFoundPage, usePageTitle } from "../../features/layout/index.ts";
import { Price } from "../../features/settings/index.ts";
import { textLang } from "../../lib/text-lang.ts";
import { ClockIcon, TruckIcon } from "../../ui/icons.tsx";
import { ShopClosedNotice } from "../../ui/shop-closed-notice.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "catalog.shop", ownTitle: true, rendered: true };

export function Component() {
  const { t } = useTranslation();
  const deliveryTime = useDeliveryTime();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isError } = useShop(valid ? id : 0);
  const fixed = useMemo(() => ({ shop_id: id }), [id]);

  const missing = !valid || (isError && !data);
  usePageTitle(missing ? t("common.page_not_found") : data?.shop.name);

  if (missing) return <NotFoundPage />;
  const shop = data?.shop;
  return (
    <div className={PAGE}>
      <header className="overflow-hidden rounded-3xl border border-slate-200 bg-white">
        <div className="aspect-[3/1] bg-slate-200 sm:aspect-[4/1] lg:aspect-[5/1]">
          {shop && (
            <img
              src={shop.banner}
              alt=""
              width={1200}
              height={300}
              fetchPriority="high"
              className="h-full w-full object-cover"
            />
          )}
        </div>
        <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:p-6">
          {shop ? (
            <img
              src={shop.logo}
              alt=""
              width={96}
              height={96}
              className="-mt-14 size-24 shrink-0 rounded-3xl border-4 border-white bg-white object-cover shadow-md sm:-mt-16"
            />
          ) : (
            <Skeleton className="-mt-14 size-24 shrink-0 rounded-3xl border-4 border-white sm:-mt-16" />
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            {shop ? (
              <>
                <h1 className="text-2xl font-bold tracking-tight text-slate-900">{shop.name}</h1>
                <Rating value={shop.rating} count={shop.total_reviews} size="md" />
                <ChatWithShopButton shop={shop} className="mt-1 self-start" />
              </>
            ) : (
              <>
                <Skeleton className="h-8 w-56" />
                <Skeleton className="h-5 w-32" />
              </>
            )}
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:flex sm:gap-6">
            <div className="flex flex-col gap-0.5 rounded-xl bg-slate-50 px-3 py-2">
              <dt className="flex items-center gap-1.5 text-xs text-slate-600">
                <TruckIcon className="text-primary-700" />
                {t("catalog.delivery_charge")}
              </dt>
              <dd className="min-h-5 font-semibold text-slate-900">
                {shop && <Price amount={shop.delivery_charge} />}
              </dd>
            </div>
            <div className="flex flex-col gap-0.5 rounded-xl bg-slate-50 px-3 py-2">
              <dt className="flex items-center gap-1.5 text-xs text-slate-600">
                <ClockIcon className="text-primary-700" />
                {t("catalog.estimated_delivery")}
              </dt>
              <dd className="min-h-5 font-semibold text-slate-900">
                {shop && deliveryTime(shop.estimated_delivery_time)}
              </dd>
            </div>
          </dl>
        </div>
        {shop?.description && (
          <p
            {...textLang(shop.description_lang)}
            className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600 sm:px-6"
          >
            {shop.description}
          </p>
        )}
      </header>
      {shop && !shop.is_open && <ShopClosedNotice className="mt-4" />}
      <ProductListing fixed={fixed} />
    </div>
  );
}
