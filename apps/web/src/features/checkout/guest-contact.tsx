import { GUEST_CONTACT_MAX, isNationalPhone, parseContact } from "@market/contract";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/fields.tsx";

/** The translation key of what is wrong with a guest's contact, or undefined when it will do. */
export function guestContactError(contact: string): string | undefined {
  if (!contact.trim()) return "orders.contact_required";
  if (isNationalPhone(contact)) return "orders.contact_phone_code";
  return parseContact(contact) ? undefined : "orders.contact_invalid";
}

/** A guest's email or phone at checkout: the order confirmation goes there, and the shop can reach the buyer. */
export function GuestContact({
  value,
  error,
  onChange,
  ref,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  ref: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <TextField
        ref={ref}
        label={t("orders.contact_label")}
        name="contact"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        maxLength={GUEST_CONTACT_MAX}
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="mt-1 text-xs text-slate-500">{t("orders.contact_hint")}</p>
    </div>
  );
}
