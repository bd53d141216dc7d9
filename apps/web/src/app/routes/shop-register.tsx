import type { ShopRegisterData } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ShopRegisterForm } from "../../features/seller-signup/index.ts";
import { useMaster } from "../../features/settings/index.ts";
import { buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { CheckIcon } from "../../ui/icons.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

export const handle = { title: "seller_signup.title" };

/** 'Become a Seller': a shop and its owner's account, then an explanation that the shop is reviewed. */
export function Component() {
  const { t } = useTranslation();
  const { data: master, isPending } = useMaster();
  const [submitted, setSubmitted] = useState<ShopRegisterData | null>(null);

  let body: React.ReactNode;
  if (isPending) body = <Skeleton className="h-96 w-full rounded-2xl" />;
  else if (!master?.multi_vendor) {
    body = <EmptyState title={t("seller_signup.closed_title")} text={t("seller_signup.closed_text")} />;
  } else if (submitted) {
    body = (
      <section
        role="status"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 px-6 py-10 text-center"
        aria-labelledby="shop-submitted-title"
      >
        <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckIcon className="size-7" strokeWidth={2} />
        </span>
        <h2 id="shop-submitted-title" className="text-xl font-semibold text-slate-900">
          {t("seller_signup.success_title")}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-sm text-slate-700">
          {t("seller_signup.success_text", { shop: submitted.shop.name, email: submitted.owner.email })}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/seller" className={buttonClass("primary", "lg")}>
            {t("seller_signup.seller_centre")}
          </Link>
          <Link to="/" className={`${buttonClass("outline", "lg")} bg-white`}>
            {t("seller_signup.back_home")}
          </Link>
        </div>
      </section>
    );
  } else {
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
        <ShopRegisterForm
          onSubmitted={(data) => {
            setSubmitted(data);
            window.scrollTo({ top: 0 });
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <PageTitle
        sub={master?.multi_vendor && !submitted ? t("seller_signup.intro", { app: master.app_name }) : undefined}
      >
        {t(handle.title)}
      </PageTitle>
      {body}
    </div>
  );
}
