import { useTranslation } from "react-i18next";
import { SellerInbox } from "../../../features/chat/index.ts";

export const handle = { title: "staff.messages" };

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{t(handle.title)}</h1>
      <SellerInbox />
    </>
  );
}
