import type { Address, AddressRequest } from "@market/contract";
import { ADDRESS_TYPES, addressBody, ADDRESS_FIELD_MAX as MAX } from "@market/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useContractResolver } from "../../lib/contract-resolver.ts";
import { showApiError } from "../../lib/show-api-error.ts";
import { Button } from "../../ui/button.tsx";
import { digitsOnly, SubmitButton, TextField } from "../../ui/fields.tsx";
import { SUCCESS_TOAST, toast } from "../../ui/toast.ts";
import { usePhoneLengths, useWithPhoneLength } from "../settings/index.ts";
import { useSaveAddress } from "./mutations.ts";

const FIELDS = [
  "name",
  "phone",
  "address_type",
  "address_line",
  "address_line2",
  "area",
  "flat_no",
  "post_code",
  "is_default",
] as const;

/** The form's values: the address body, its coordinates kept as they are (no input shows them). */
const valuesOf = (a?: Address): AddressRequest => ({
  name: a?.name ?? "",
  phone: a?.phone ?? "",
  address_type: a?.address_type ?? "home",
  address_line: a?.address_line ?? "",
  address_line2: a?.address_line2 ?? "",
  area: a?.area ?? "",
  flat_no: a?.flat_no ?? "",
  post_code: a?.post_code ?? "",
  is_default: a?.is_default ?? false,
  latitude: a?.latitude ?? null,
  longitude: a?.longitude ?? null,
});

type Props = {
  /** the address being edited; none for a new one */
  address?: Address;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
};

/** Name, phone (lengths from the settings), type, address lines, area, flat, post code, default. */
export function AddressForm({ address, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const { min: phoneMin, max: phoneMax } = usePhoneLengths();
  const form = useForm({
    resolver: useContractResolver(useWithPhoneLength(addressBody)),
    defaultValues: valuesOf(address),
  });
  const { errors } = form.formState;
  // Registered in the page's order: a submit with errors focuses the first registered field with one.
  const name = form.register("name");
  const phone = form.register("phone");

  const submit = form.handleSubmit((body) => {
    save.mutate(
      { id: address?.id, body },
      {
        onSuccess: (res) => {
          toast.success(res.message || t("orders.address_saved"), SUCCESS_TOAST);
          onSaved(res.data.address);
        },
        onError: (e) => showApiError(e, form.setError, FIELDS),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t("orders.full_name")}
          autoComplete="name"
          maxLength={MAX.name}
          error={errors.name?.message}
          {...name}
        />
        <TextField
          label={t("orders.phone")}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          dir="ltr"
          minLength={phoneMin}
          maxLength={phoneMax}
          error={errors.phone?.message}
          {...phone}
          onChange={digitsOnly(phone.onChange)}
        />
      </div>
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">{t("orders.address_type")}</legend>
        <div className="flex flex-wrap gap-2">
          {ADDRESS_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:checked]:text-primary-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-200"
            >
              <input type="radio" value={type} className="accent-primary-600" {...form.register("address_type")} />
              {t(`orders.type_${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t("orders.address_line")}
        autoComplete="address-line1"
        maxLength={MAX.address_line}
        error={errors.address_line?.message}
        {...form.register("address_line")}
      />
      <TextField
        label={t("orders.address_line2")}
        autoComplete="address-line2"
        maxLength={MAX.address_line2}
        error={errors.address_line2?.message}
        {...form.register("address_line2")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          label={t("orders.area")}
          autoComplete="address-level2"
          maxLength={MAX.area}
          error={errors.area?.message}
          {...form.register("area")}
        />
        <TextField
          label={t("orders.flat_no")}
          maxLength={MAX.flat_no}
          error={errors.flat_no?.message}
          {...form.register("flat_no")}
        />
        <TextField
          label={t("orders.post_code")}
          autoComplete="postal-code"
          maxLength={MAX.post_code}
          error={errors.post_code?.message}
          {...form.register("post_code")}
        />
      </div>
      {!address?.is_default && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 accent-primary-600" {...form.register("is_default")} />
          {t("orders.make_default")}
        </label>
      )}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        {onCancel && (
          <Button type="button" onClick={onCancel} variant="outline" size="lg" weight="medium">
            {t("common.cancel")}
          </Button>
        )}
        <SubmitButton busy={save.isPending} className="sm:w-auto sm:px-8">
          {t("orders.save_address")}
        </SubmitButton>
      </div>
    </form>
  );
}
