import type { Address } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { AddressView } from "./address-card.tsx";
import { AddressForm } from "./address-form.tsx";

const wide = "max-h-[90dvh] max-w-2xl overflow-y-auto";

/** The address dialog: a new address, or an existing one to edit. */
export function AddressFormDialog({
  open,
  onOpenChange,
  address,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  address?: Address;
  onSaved: (address: Address) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(address ? "orders.edit_address" : "orders.add_new_address")}
      className={wide}
    >
      <div className="mt-4">
        <AddressForm
          key={address?.id ?? "new"}
          address={address}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onOpenChange(false);
            onSaved(saved);
          }}
        />
      </div>
    </Dialog>
  );
}

/**
 * The change-address dialog: the saved addresses to choose the shipping address from, each with an
 * edit button, and a way to add a new one (which is then chosen). Mount it when it opens, so it
 * starts from the current choice.
 */
export function ChangeAddressDialog({
  open,
  onOpenChange,
  addresses,
  selectedId,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  addresses: Address[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(selectedId);
  const [editing, setEditing] = useState<Address | "new" | null>(null);
  const confirm = () => {
    if (chosen) onSelect(chosen);
    onOpenChange(false);
  };
  return (
    <>
      <Dialog open={open && !editing} onOpenChange={onOpenChange} title={t("orders.change_address")} className={wide}>
        <fieldset className="mt-4 space-y-3">
          <legend className="sr-only">{t("orders.shipping_address")}</legend>
          {addresses.map((a) => (
            <div
              key={a.id}
              className="flex items-start gap-3 rounded-xl border border-slate-200 p-4 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50/40"
            >
              <input
                type="radio"
                name="shipping-address"
                id={`address-${a.id}`}
                checked={chosen === a.id}
                onChange={() => setChosen(a.id)}
                className="mt-1 size-4 shrink-0 accent-primary-600"
                aria-label={`${a.name}, ${a.address_line}`}
              />
              <label htmlFor={`address-${a.id}`} className="min-w-0 flex-1 cursor-pointer">
                <AddressView address={a} isDefault={a.is_default} />
              </label>
              <button
                type="button"
                onClick={() => setEditing(a)}
                className="shrink-0 text-sm font-semibold text-primary-700 hover:underline"
                aria-label={t("orders.edit_named_address", { name: a.name })}
              >
                {t("orders.edit")}
              </button>
            </div>
          ))}
        </fieldset>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            onClick={() => setEditing("new")}
            className="rounded-lg border border-primary-600 px-4 py-2 text-sm font-semibold text-primary-700 hover:bg-primary-50"
          >
            {t("orders.add_new_address")}
          </button>
          <Button type="button" onClick={confirm} disabled={!chosen} size="sm-wide" className="disabled:opacity-60">
            {t("orders.use_this_address")}
          </Button>
        </div>
      </Dialog>
      <AddressFormDialog
        open={open && !!editing}
        onOpenChange={(o) => !o && setEditing(null)}
        address={editing === "new" || !editing ? undefined : editing}
        onSaved={(saved) => {
          // A new address is the one the shopper wants to ship to.
          if (editing === "new") {
            onSelect(saved.id);
            onOpenChange(false);
          }
          setEditing(null);
        }}
      />
    </>
  );
}
