import type { Address } from "@market/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { showApiError } from "../../lib/show-api-error.ts";
import { buttonClass } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { handOffNear, useFocusHandOff } from "../../ui/focus-return.ts";
import { LoadError } from "../../ui/load-error.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { AddressView } from "./address-card.tsx";
import { addressRequest, useDeleteAddress, useSaveAddress } from "./mutations.ts";
import { useAddresses } from "./queries.ts";

const addLink = `${buttonClass("primary", "sm")} inline-flex`;

/** The saved addresses with edit, set-as-default and delete (after a confirmation). */
export function AddressBook() {
  const { t } = useTranslation();
  const { data: addresses, isError, refetch } = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [deleting, setDeleting] = useState<Address | null>(null);

  if (isError) return <LoadError onReload={refetch} />;
  if (!addresses)
    return (
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Skeleton className="h-36 rounded-2xl" />
        <Skeleton className="h-36 rounded-2xl" />
      </div>
    );

  const makeDefault = (a: Address) =>
    save.mutate(
      { id: a.id, body: addressRequest(a, { is_default: true }) },
      {
        onSuccess: () => toast.success(t("orders.default_address_set"), SUCCESS_TOAST),
        onError: (e) => showApiError(e),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (res) => {
        toast.success(res.message || t("orders.address_deleted"), SUCCESS_TOAST);
        setDeleting(null);
      },
      onError: (e) => showApiError(e),
    });
  };

  return (
    <>
      {addresses.length === 0 ? (
        <EmptyState
          title={t("account.no_addresses")}
          text={t("account.no_addresses_text")}
          action={
            <Link to="/manage-address/new" className={addLink}>
              {t("orders.add_new_address")}
            </Link>
          }
        />
      ) : (
        <>
          <div className="mb-4 flex justify-end">
            <Link to="/manage-address/new" className={addLink}>
              {t("orders.add_new_address")}
            </Link>
          </div>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {addresses.map((a) => (
              <li
                key={a.id}
                data-testid="address"
                className={`flex flex-col justify-between gap-4 rounded-2xl border bg-white p-5 ${
                  a.is_default ? "border-primary-300" : "border-slate-200"
                }`}
              >
                <AddressView address={a} isDefault={a.is_default} />
                <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3 text-sm">
                  <Link
                    to={`/manage-address/${a.id}/edit`}
                    className="rounded-lg px-3 py-1.5 font-semibold text-primary-700 hover:bg-primary-50"
                    aria-label={t("orders.edit_named_address", { name: a.name })}
                  >
                    {t("orders.edit")}
                  </Link>
                  {!a.is_default && (
                    <SetDefaultButton address={a} busy={save.isPending} onPress={() => makeDefault(a)} />
                  )}
                  <DeleteButton address={a} onPress={() => setDeleting(a)} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("orders.delete_address")}
        description={t("orders.delete_address_confirm")}
        confirmLabel={t("orders.delete")}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}

/** Makes the address the default; it goes once pressed, so the keyboard goes on from its card's first link. */
function SetDefaultButton({ address, busy, onPress }: { address: Address; busy: boolean; onPress: () => void }) {
  const { t } = useTranslation();
  const ref = useFocusHandOff<HTMLButtonElement>((button) => {
    const card = button.closest("li");
    return () => card?.querySelector<HTMLElement>("a[href]")?.focus();
  });
  return (
    <button
      ref={ref}
      type="button"
      onClick={() => !busy && onPress()}
      aria-disabled={busy}
      aria-label={t("orders.set_default_named_address", { name: address.name })}
      className="rounded-lg px-3 py-1.5 font-semibold text-slate-700 hover:bg-slate-100 aria-disabled:opacity-60"
    >
      {t("orders.set_default")}
    </button>
  );
}

/**
 * Asks to delete the address. Focus comes back to it when its dialog closes, and the address may
 * go just before or just after that: the keyboard then goes on from the address in its place.
 */
function DeleteButton({ address, onPress }: { address: Address; onPress: () => void }) {
  const { t } = useTranslation();
  const ref = useFocusHandOff<HTMLButtonElement>(handOffNear);
  return (
    <button
      ref={ref}
      type="button"
      onClick={onPress}
      className="ms-auto rounded-lg px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
      aria-label={t("orders.delete_named_address", { name: address.name })}
    >
      {t("orders.delete")}
    </button>
  );
}
