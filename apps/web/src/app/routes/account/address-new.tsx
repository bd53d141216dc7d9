import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AddressForm } from "../../../features/addresses/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";

export const handle = { title: "account.add_new_address" };

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => navigate("/manage-address");
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <AddressForm onSaved={back} onCancel={back} />
      </div>
    </>
  );
}
