import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { AddressForm, useAddresses } from "../../../features/addresses/index.ts";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "account.edit_address" };

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { data: addresses, isError } = useAddresses();
  const address = addresses?.find((a) => String(a.id) === id);
  const back = () => navigate("/manage-address");
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      {address ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
          <AddressForm address={address} onSaved={back} onCancel={back} />
        </div>
      ) : addresses || isError ? (
        <EmptyState
          title={t("orders.address_not_found")}
          action={
            <Link to="/manage-address" className="font-semibold text-primary-700 hover:underline">
              {t("orders.back_to_addresses")}
            </Link>
          }
        />
      ) : (
        <Skeleton className="h-96 rounded-2xl" />
      )}
    </>
  );
}
