import type { OrderAddress } from "@market/contract";
import { useTranslation } from "react-i18next";

/** The lines of an address as a parcel label shows them. */
export function addressLines(a: OrderAddress): string[] {
  return [
    [a.flat_no, a.address_line].filter(Boolean).join(", "),
    a.address_line2 ?? "",
    [a.area, a.post_code].filter(Boolean).join(" "),
  ].filter(Boolean);
}

/** An address: name, type, the default badge, phone and lines. */
export function AddressView({ address, isDefault = false }: { address: OrderAddress; isDefault?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 text-sm wrap-anywhere">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{address.name}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {t(`orders.type_${address.address_type}`)}
        </span>
        {isDefault && (
          <span className="rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-700">
            {t("orders.default")}
          </span>
        )}
      </p>
      <p className="mt-1 text-slate-600">
        <bdi dir="ltr">{address.phone}</bdi>
      </p>
      {addressLines(address).map((line) => (
        <p key={line} className="name-line text-slate-600">
          {line}
        </p>
      ))}
    </div>
  );
}
