import { useTranslation } from "react-i18next";
import { AddressBook } from "../../../features/addresses/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.manage_address" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <AddressBook />
    </>
  );
}
