import { useTranslation } from "react-i18next";
import { ProductImport } from "../../../features/seller-import/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "seller_import.title" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <ProductImport />
    </>
  );
}
