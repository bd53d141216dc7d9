import { useTranslation } from "react-i18next";
import { ShopperInbox } from "../../../features/chat/index.ts";
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
