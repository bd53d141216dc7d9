import type { ReactNode } from "react";

/** `tel:` address of a phone number as written: "+1 555 010-2030" → "tel:+15550102030". */
export const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("00") ? `+${digits.slice(2)}` : digits}`;
};

/** An account's number with its dialling code, as it is dialled from abroad: "+966 501234567". */
export const phoneWithCode = ({ phone, phone_code }: { phone: string; phone_code?: string | null }) =>
  phone_code ? `${phone_code} ${phone}` : phone;

/** The same number in one piece, as a field without a code beside it takes it: "+966501234567". */
export const phoneInOnePiece = ({ phone, phone_code }: { phone: string; phone_code?: string | null }) =>
  phone_code ? `+${phone_code.replace(/\D/g, "")}${phone}` : phone;

/**
 * A phone number that dials when pressed, shown as written and left to right in every language;
 * `before` (an icon, "Hotline:") goes ahead of it in the reading direction.
 */
export function PhoneLink({ phone, className, before }: { phone: string; className?: string; before?: ReactNode }) {
  return (
    <a href={telHref(phone)} className={className}>
      {before}
      <span dir="ltr">{phone}</span>
    </a>
  );
}
