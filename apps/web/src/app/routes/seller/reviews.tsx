import { useTranslation } from "react-i18next";
import { SellerReviews } from "../../../features/reviews/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "reviews.shop_reviews" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <SellerReviews />
    </>
  );
}
