import type { Address } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { AddressFormDialog, AddressView, ChangeAddressDialog } from "../addresses/index.ts";

const textButton = "rounded-lg px-3 py-1.5 text-sm font-semibold text-primary-700 hover:bg-primary-50";

/**
 * The shipping address: the chosen one with Change (the change-address dialog) and Add (the
 * address dialog); with none saved yet, the way to add the first.
 */
export function ShippingAddress({
  addresses,
  chosen,
  onChoose,
  addOpen,
  onAddOpenChange,
}: {
  addresses: Address[] | undefined;
  chosen: Address | null;
  onChoose: (id: number) => void;
  /** the add dialog is also opened by Place Order when no address exists */
  addOpen: boolean;
  onAddOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [changeOpen, setChangeOpen] = useState(false);
  return (
    <>
      {!addresses ? (
        <Skeleton className="h-20 rounded-xl" />
      ) : chosen ? (
        <div className="flex flex-wrap items-start justify-between gap-3" data-testid="shipping-address">
          <AddressView address={chosen} isDefault={chosen.is_default} />
          <div className="flex gap-1">
            <button type="button" className={textButton} onClick={() => setChangeOpen(true)}>
              {t("orders.change")}
            </button>
            <button type="button" className={textButton} onClick={() => onAddOpenChange(true)}>
              {t("orders.add_new")}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 p-4">
          <p className="text-sm text-slate-600">{t("orders.no_address_yet")}</p>
          <Button type="button" size="sm" onClick={() => onAddOpenChange(true)}>
            {t("orders.add_new_address")}
          </Button>
        </div>
      )}
      <AddressFormDialog open={addOpen} onOpenChange={onAddOpenChange} onSaved={(a) => onChoose(a.id)} />
      {addresses && changeOpen && (
        <ChangeAddressDialog
          open
          onOpenChange={setChangeOpen}
          addresses={addresses}
          selectedId={chosen?.id ?? null}
          onSelect={onChoose}
        />
      )}
    </>
  );
}
