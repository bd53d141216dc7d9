import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { InviteAccept } from "../../features/seller-shop/index.ts";
import { PageTitle } from "../../ui/page-title.tsx";

export const handle = { title: "seller_shop.invite_page_title" };

/** `/staff-invite/:token`: the link of a staff invitation mail, in the storefront's layout. */
export function Component() {
  const { t } = useTranslation();
  const token = useParams().token ?? "";
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <PageTitle>{t(handle.title)}</PageTitle>
      <InviteAccept token={token} />
    </div>
  );
}
