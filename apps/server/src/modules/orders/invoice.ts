import { dayText, type OrderDetail, taxNameStatesRate } from "@market/contract";
import type { AppDeps } from "../../deps.ts";
import { escapeHtml as esc } from "../../lib/html.ts";
import { fillParts, statusName, textDirection, uiTemplate, uiText } from "../../lib/messages.ts";
import { toMinor } from "../../lib/money.ts";
import { formatMoney, htmlPage } from "../payments/html.ts";
import { sign } from "../payments/signing.ts";

// The printable invoice of one order: plain HTML that prints on one A4 page for a usual order, in
// the shopper's language (the `orders` interface texts, so it names things as the order page does).

const CSS = `
main{max-width:48rem;overflow-wrap:anywhere}
header{margin-bottom:1.25rem}header p{margin:.25rem 0}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(14rem,100%),1fr));gap:1rem}
.grid>*{min-width:0}
tbody tr{border-top:1px solid #e5e7eb}
.sums{margin-inline-start:auto;max-width:20rem}
.sums td{padding:.25rem}
.sums tr.total td{font-weight:700;border-top:2px solid #111827}
.charged{text-align:end;font-weight:600;margin:.5rem 0 0}
.saved{text-align:end;color:#047857;font-size:.875rem;margin:.25rem 0 0}
.status{display:inline-block;border:1px solid #0f766e;color:#0f766e;border-radius:999px;padding:0 .5rem;font-size:.8125rem}
@media print{body{background:#fff}.card{border:0;padding:0}main{max-width:none}}
`;

/**
 * The invoice's signed link, which opens it without a session (a new tab, a mail); `lang` writes
 * it in that language whatever the browser's (a mail's link).
 */
export function invoiceUrl({ config }: Pick<AppDeps, "config">, orderId: number, lang?: string): string {
  const sig = sign(config.appSecret, "invoice", orderId);
  return `${config.appUrl}/api/orders/${orderId}/invoice?sig=${sig}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`;
}

export interface InvoiceView {
  order: OrderDetail;
  appName: string;
  shopAddress: string;
  customer: { name: string; email: string | null };
  /** the payment method as the order pages name it (`paymentMethodName`) */
  method: string;
  locale: string;
  /** the reader's time zone, which the order's day is written in (the server's when not given) */
  timeZone?: string | undefined;
}

export function invoicePage(view: InvoiceView): string {
  const { order, appName, shopAddress, customer, method, locale, timeZone } = view;
  const { currency } = order;
  /** An `orders` text as HTML, its `{{name}}` parts filled with the HTML given (escaped by the caller). */
  const t = (key: string, html: Record<string, string> = {}) =>
    fillParts(esc(uiTemplate(locale, `orders.${key}`)), html);
  // Amounts, codes and dates keep their own direction inside a right-to-left sentence.
  const isolated = (text: string) => `<bdi>${esc(text)}</bdi>`;
  // An amount as the order pages write it (`<Price>`): left to right on a left-to-right page, so a
  // symbol after it stays after it even when it is Arabic; an amount taken off keeps its sign with
  // its digits ("−$9.95", not "$9.95−").
  const amountDir = textDirection(locale) === "rtl" ? "" : ' dir="ltr"';
  const m = (major: number, minus = false) => {
    const price = esc(formatMoney(toMinor(major), currency, locale));
    if (!minus) return `<bdi${amountDir}>${price}</bdi>`;
    if (currency.position !== "suffix") return `<bdi dir="ltr">−${price}</bdi>`;
    const at = price.lastIndexOf("\u00a0");
    return `<bdi${amountDir}><bdi dir="ltr">−${price.slice(0, at)}</bdi>${price.slice(at)}</bdi>`;
  };
  const a = order.address;
  // Each line isolated, so a street written in the other direction keeps its own order.
  const line = (text: string | null | undefined) => (text ? [isolated(text)] : []);
  const addressHtml = [
    ...line(a.name),
    ...(a.phone ? [`<bdi dir="ltr">${esc(a.phone)}</bdi>`] : []),
    ...line([a.flat_no, a.address_line].filter(Boolean).join(", ")),
    ...line(a.address_line2),
    ...line([a.area, a.post_code].filter(Boolean).join(" ")),
  ].join("<br>");
  const variant = (p: OrderDetail["products"][number]) =>
    [
      p.size && t("size_is", { name: esc(p.size.name) }),
      p.color && t("color_is", { name: esc(p.color.name) }),
      p.unit && t("unit_is", { name: esc(p.unit.name) }),
      p.flash_sale && t("flash_sale_price"),
    ]
      .filter(Boolean)
      .join(" · ");
  const rows = order.products
    .map(
      (p) => `<tr><td>${esc(p.name)}${variant(p) ? `<br><span class="muted">${variant(p)}</span>` : ""}</td>
<td class="num">${m(p.price)}</td><td class="num">${p.order_qty}</td><td class="num">${m(p.subtotal)}</td></tr>`,
    )
    .join("");
  const sum = (label: string, v: string, cls = "") =>
    `<tr${cls ? ` class="${cls}"` : ""}><td>${label}</td><td class="num">${v}</td></tr>`;
  const sums = [
    sum(t("subtotal"), m(order.total_amount)),
    order.coupon_discount > 0 ? sum(t("coupon_discount"), m(order.coupon_discount, true)) : "",
    sum(t("delivery_charge"), m(order.delivery_charge)),
    // "VAT 15%" already names its rate; "GST" gets it added.
    ...order.all_vat_taxes.map((v) =>
      sum(
        taxNameStatesRate(v.name, v.rate) ? esc(v.name) : t("vat_line", { name: esc(v.name), rate: String(v.rate) }),
        m(v.amount),
      ),
    ),
    sum(t("invoice_total"), m(order.payable_amount), "total"),
    // What its refunds gave back (a return, a cancel), as the order page says under its total.
    order.refunded_amount > 0 ? sum(t("refunded_total"), m(order.refunded_amount, true)) : "",
  ].join("");
  // Every amount is in the currency the order is charged in, whatever currency the shopper
  // browsed in; the invoice says so by name.
  const charged = t(order.payment_status === "Pending" ? "invoice_to_be_paid" : "invoice_charged", {
    currency: esc(currency.name),
    amount: m(order.payable_amount),
  });
  const body = `<main>
<section class="card">
<header>
<h1>${t("invoice_title", { code: isolated(order.order_code) })}</h1>
<p class="muted">${esc(appName)} · ${esc(order.shop.name)}${shopAddress ? `, ${esc(shopAddress)}` : ""}</p>
<p>${t("invoice_date", { date: isolated(dayText(order.created_at, locale, timeZone)) })} <span class="status">${esc(statusName(order.order_status, locale))}</span></p>
</header>
<div class="grid">
<div><h2>${t("invoice_billed_to")}</h2><p>${esc(customer.name)}${customer.email ? `<br>${esc(customer.email)}` : ""}</p></div>
<div><h2>${t("ship_to")}</h2><p>${addressHtml}</p></div>
<div><h2>${t("payment")}</h2><p>${esc(method)}<br>${t("invoice_payment_status", { status: t(`payment_${order.payment_status.toLowerCase()}`) })}</p></div>
</div>
</section>
<section class="card">
<table>
<caption class="muted" style="text-align:start">${t("invoice_products")}</caption>
<thead><tr><th scope="col">${t("invoice_product")}</th><th scope="col" class="num">${t("invoice_price")}</th><th scope="col" class="num">${t("invoice_qty")}</th><th scope="col" class="num">${t("amount")}</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<table class="sums"><tbody>${sums}</tbody></table>
<p class="charged" data-testid="invoice-charged">${charged}</p>
${order.saved > 0 ? `<p class="saved">${t("you_saved")} ${m(order.saved)}</p>` : ""}
${order.note ? `<p><strong>${t("note")}</strong><br>${esc(order.note)}</p>` : ""}
</section>
</main>`;
  return htmlPage(uiText(locale, "orders.invoice_title", { code: order.order_code }), body, CSS, locale);
}
