import { useTranslation } from "react-i18next";
import { AccountReviews } from "../../../features/reviews/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "reviews.title" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <AccountReviews />
    </>
  );
}
