import type { ChargedCurrency } from "@market/contract";
import { escapeHtml as esc } from "../../lib/html.ts";
import { formatMoney, htmlPage } from "./html.ts";

// The built-in test gateway: a card form on our own page. Its "bank" accepts any valid card
// number except the test numbers below; paying redirects through a signed callback that marks
// the payment Paid, as a real gateway's return would.

export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export interface CardForm {
  name: string;
  card_number: string;
  expiry: string;
  cvc: string;
}
export type CardErrors = Partial<Record<keyof CardForm | "form", string>>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field errors of the form, then the bank's answer; an empty object means the charge succeeded. */
export function chargeCard(form: CardForm, now: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = form.card_number.replace(/[\s-]/g, "");
  if (!digits) errors.card_number = "Enter the card number.";
  else if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.card_number = "Your card number is invalid.";
  const exp = form.expiry.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!form.expiry.trim()) errors.expiry = "Enter the expiry date.";
  else if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) errors.expiry = "Enter the expiry date as MM/YY.";
  else {
    const year = Number(exp[2]) < 100 ? 2000 + Number(exp[2]) : Number(exp[2]);
    // A card is valid through the last day of its expiry month.
    if (Date.UTC(year, Number(exp[1]), 1) <= now.getTime()) errors.expiry = "Your card has expired.";
  }
  if (!form.cvc.trim()) errors.cvc = "Enter the security code.";
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = "The security code is 3 or 4 digits.";
  if (Object.keys(errors).length > 0) return errors;
  if (digits === TEST_CARDS.declined) return { form: "Your card was declined." };
  if (digits === TEST_CARDS.insufficientFunds) return { form: "Your card has insufficient funds." };
  return {};
}

export interface PaymentPageView {
  action: string;
  sig: string;
  amount: number;
  currency: ChargedCurrency;
  orders: { order_code: string; shop_name: string; payable_amount: number }[];
  cancelUrl: string;
  form?: CardForm;
  errors?: CardErrors;
}

const PAGE_CSS = `
.banner{background:#fef3c7;border:1px solid #fcd34d;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem;margin-bottom:1rem}
tr.total>*{font-weight:600;border-top:1px solid #e5e7eb;padding-top:.5rem}
label{display:block;font-weight:500;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #9ca3af;border-radius:.5rem;background:#fff}
input:focus{outline:3px solid #5eead4;outline-offset:1px;border-color:#0f766e}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:.75rem}.row>div{flex:1;min-width:0}
.field-error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.alert{background:#fee2e2;border:1px solid #fca5a5;color:#7f1d1d;border-radius:.5rem;padding:.625rem .75rem;margin-bottom:.5rem}
button{width:100%;margin-top:1.25rem;font:inherit;font-weight:600;color:#fff;background:#0f766e;border:0;border-radius:.5rem;padding:.75rem;cursor:pointer}
button:hover{background:#115e59}button:focus-visible{outline:3px solid #5eead4;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:1rem}
.help{font-size:.8125rem;color:#4b5563;margin:.25rem 0 0}
code{font-size:.8125rem;white-space:nowrap}
`;

function field(id: keyof CardForm, label: string, v: PaymentPageView, attrs: string, help = ""): string {
  const error = v.errors?.[id];
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(" ");
  return `<div>
<label for="${id}">${esc(label)}</label>
<input id="${id}" name="${id}" value="${esc(v.form?.[id] ?? "")}" ${attrs}${error ? ' aria-invalid="true"' : ""}${described ? ` aria-describedby="${described}"` : ""}>
${help ? `<p class="help" id="${id}-help">${help}</p>` : ""}
${error ? `<p class="field-error" id="${id}-error">${esc(error)}</p>` : ""}
</div>`;
}

export function paymentPage(v: PaymentPageView): string {
  const total = formatMoney(v.amount, v.currency);
  const rows = v.orders
    .map(
      (o) =>
        `<tr><td>${esc(o.order_code)}<br><span class="muted">${esc(o.shop_name)}</span></td><td class="num">${esc(formatMoney(o.payable_amount, v.currency))}</td></tr>`,
    )
    .join("");
  const formError = v.errors?.form ? `<div class="alert" role="alert">${esc(v.errors.form)}</div>` : "";
  const fieldsWrong = v.errors && !v.errors.form && Object.keys(v.errors).length > 0;
  const body = `<main>
<h1>Pay ${esc(total)}</h1>
<p class="banner">Test payment: no real card is charged.</p>
<section class="card" aria-labelledby="summary-title">
<h2 id="summary-title">Order summary</h2>
<table>
<thead><tr><th scope="col">Order</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr class="total"><th scope="row">Total</th><td class="num">${esc(total)}</td></tr></tfoot>
</table>
</section>
<section class="card" aria-labelledby="card-title">
<h2 id="card-title">Card details</h2>
${formError}${fieldsWrong ? '<div class="alert" role="alert">Please correct the card details below.</div>' : ""}
<form method="post" action="${esc(v.action)}">
<input type="hidden" name="sig" value="${esc(v.sig)}">
${field("name", "Name on card", v, 'autocomplete="cc-name" maxlength="100"')}
${field(
  "card_number",
  "Card number",
  v,
  'inputmode="numeric" autocomplete="cc-number" maxlength="23" required',
  `Test cards: <code>4242 4242 4242 4242</code> is accepted, <code>4000 0000 0000 0002</code> is declined.`,
)}
<div class="row">
${field("expiry", "Expiry (MM/YY)", v, 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required')}
${field("cvc", "Security code", v, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
</div>
<button type="submit">Pay ${esc(total)}</button>
</form>
<a class="cancel" href="${esc(v.cancelUrl)}">Cancel payment</a>
</section>
</main>`;
  return htmlPage(`Pay ${total} — Test payment`, body, PAGE_CSS);
}

/** A short page for a payment link with nothing to pay. */
export function messagePage(title: string, text: string, link: { href: string; label: string }): string {
  return htmlPage(
    title,
    `<main><h1>${esc(title)}</h1><section class="card"><p>${esc(text)}</p><p><a href="${esc(link.href)}">${esc(link.label)}</a></p></section></main>`,
  );
}
