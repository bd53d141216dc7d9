import { useTranslation } from "react-i18next";
import { ShopperInbox } from "../../../features/chat/shopper-inbox.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.messages" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <ShopperInbox />
    </>
  );
}
