import { useTranslation } from "react-i18next";
import { WaitingList, Wishlist } from "../../../features/cart/index.ts";
import { usePageParam } from "../../../lib/use-page-param.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.wishlist" };

export function Component() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <Wishlist
        page={page}
        onPage={setPage}
        emptyTitle={t("account.wishlist_empty")}
        emptyText={t("account.wishlist_empty_text")}
      />
      <WaitingList />
    </>
  );
}
