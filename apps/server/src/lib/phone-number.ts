import { parsePhoneNumberFromString } from "libphonenumber-js";

// Accounts keep a phone as its country's code ("+966") beside the national number ("501234567").
// People type either half in many ways; libphonenumber knows each country's trunk prefix.

const codeDigits = (code: string | null | undefined) => (code ?? "").replace(/^\+/, "");

/**
 * A number typed beside its dialling code, as it is dialled from abroad: without the trunk prefix
 * its country drops then ("0501234567" under +966 is 501234567, "07700900123" under +44 is
 * 7700900123), and kept whole where the country keeps it (Italy's 06…) or the number is unknown.
 */
export function nationalNumber(phone: string, phoneCode: string | null | undefined): string {
  const code = codeDigits(phoneCode);
  if (!code) return phone;
  return parsePhoneNumberFromString(phone, { defaultCallingCode: code })?.nationalNumber ?? phone;
}

/** The number to send a text message to: "+", the code's digits, the national number. */
export function internationalNumber(phone: string, phoneCode: string | null | undefined): string {
  const code = codeDigits(phoneCode);
  return code ? `+${code}${nationalNumber(phone, code)}` : phone;
}

/**
 * An international number ("+…") as E.164, without the trunk 0 some write after the code ("+966 050…"
 * is +96650…); null when no country has a number of that length under that code.
 */
export function e164(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isPossible() ? parsed.number : null;
}

/** A stored number an account may be found by: the national number and, when known, its code's digits. */
export interface StoredPhone {
  phone: string;
  code?: string;
}

/**
 * The stored numbers a phone typed at sign-in may name, most likely first. An international
 * number ("+966 50…", "00966 50…") names its country's account, then (kept before numbers were
 * stored without their trunk prefix) the same with a leading 0; a national one names itself, then
 * itself without its trunk zeros. Its digits as typed come last, as sign-in always took them.
 */
export function signInPhones(input: string): StoredPhone[] {
  const typed = input.trim();
  const digits = typed.replace(/\D/g, "");
  const found: StoredPhone[] = [];
  const abroad = typed.startsWith("+") ? digits : typed.startsWith("00") ? digits.slice(2) : null;
  if (abroad) {
    const parsed = parsePhoneNumberFromString(`+${abroad}`);
    if (parsed) {
      const code = parsed.countryCallingCode;
      found.push({ phone: parsed.nationalNumber, code }, { phone: `0${parsed.nationalNumber}`, code });
    }
  } else {
    const bare = digits.replace(/^0+/, "");
    if (bare && bare !== digits) found.push({ phone: digits }, { phone: bare });
  }
  found.push({ phone: digits });
  return found.filter((p, i) => found.findIndex((q) => q.phone === p.phone && q.code === p.code) === i);
}

/**
 * What to look for among stored numbers when someone searches for a phone as they would type it:
 * the national number of an international one, a national one without its trunk zeros (so it also
 * finds numbers kept with them); other text as it is.
 */
export function phoneSearchText(text: string): string {
  const typed = text.trim();
  if (!/^[+\d\s().-]+$/.test(typed)) return text;
  const [first] = signInPhones(typed);
  return (first?.phone ?? typed).replace(/^0+/, "") || typed;
}

/** The first of `wanted` that one of `users` holds (an account's code must match where one is named). */
export function pickByPhone<U extends { phone: string | null; phone_code: string | null }>(
  users: U[],
  wanted: StoredPhone[],
): U | undefined {
  for (const w of wanted) {
    const user = users.find((u) => u.phone === w.phone && (!w.code || codeDigits(u.phone_code) === w.code));
    if (user) return user;
  }
  return undefined;
}
