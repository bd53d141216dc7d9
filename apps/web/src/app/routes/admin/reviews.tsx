import { useTranslation } from "react-i18next";
import { AdminReviews } from "../../../features/reviews/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "reviews.reported_reviews" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <AdminReviews />
    </>
  );
}
