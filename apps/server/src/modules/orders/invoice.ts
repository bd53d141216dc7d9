import type { OrderDetail } from "@market/contract";
import { escapeHtml as esc } from "../../lib/html.ts";
import { toMinor } from "../../lib/money.ts";
import { type Currency, formatMoney, htmlPage } from "../payments/html.ts";

// The printable invoice of one order: plain HTML that prints on one A4 page for a usual order.

const CSS = `
main{max-width:48rem}
header{margin-bottom:1.25rem}header p{margin:.25rem 0}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem}
tbody tr{border-top:1px solid #e5e7eb}
.sums{margin-inline-start:auto;max-width:20rem}
.sums td{padding:.25rem}
.sums tr.total td{font-weight:700;border-top:2px solid #111827}
.charged{text-align:end;font-weight:600;margin:.5rem 0 0}
.status{display:inline-block;border:1px solid #0f766e;color:#0f766e;border-radius:999px;padding:0 .5rem;font-size:.8125rem}
@media print{body{background:#fff}.card{border:0;padding:0}main{max-width:none}}
`;

export interface InvoiceView {
  order: OrderDetail;
  appName: string;
  shopAddress: string;
  customer: { name: string; email: string | null };
  currency: Currency;
}

export function invoicePage({ order, appName, shopAddress, customer, currency }: InvoiceView): string {
  const m = (major: number) => esc(formatMoney(toMinor(major), currency));
  const a = order.address;
  const addressLines = [
    a.name,
    a.phone,
    [a.flat_no, a.address_line].filter(Boolean).join(", "),
    a.address_line2,
    [a.area, a.post_code].filter(Boolean).join(" "),
  ].filter(Boolean);
  const variant = (p: OrderDetail["products"][number]) =>
    [
      p.size && `Size: ${p.size.name}`,
      p.color && `Colour: ${p.color.name}`,
      p.unit && `Unit: ${p.unit.name}`,
      p.flash_sale && "Flash sale price",
    ]
      .filter(Boolean)
      .join(" · ");
  const rows = order.products
    .map(
      (p) => `<tr><td>${esc(p.name)}${variant(p) ? `<br><span class="muted">${esc(variant(p))}</span>` : ""}</td>
<td class="num">${m(p.price)}</td><td class="num">${p.order_qty}</td><td class="num">${m(p.subtotal)}</td></tr>`,
    )
    .join("");
  const sum = (label: string, v: string, cls = "") =>
    `<tr${cls ? ` class="${cls}"` : ""}><td>${esc(label)}</td><td class="num">${v}</td></tr>`;
  const sums = [
    sum("Subtotal", m(order.total_amount)),
    order.coupon_discount > 0 ? sum("Coupon discount", `−${m(order.coupon_discount)}`) : "",
    sum("Delivery charge", m(order.delivery_charge)),
    // "VAT 15%" already names its rate; "GST" gets it added.
    ...order.all_vat_taxes.map((v) =>
      sum(v.name.includes(`${v.rate}%`) ? v.name : `${v.name} (${v.rate}%)`, m(v.amount)),
    ),
    sum("Total", m(order.payable_amount), "total"),
  ].join("");
  const method = order.payment_method === "cash" ? "Cash on delivery" : "Online payment";
  // Every amount is in the default currency, the one the order is charged in, whatever currency
  // the shopper browsed in; the invoice says so by name.
  const charged = `${order.payment_status === "Pending" ? "To be paid" : "Charged"} in ${esc(currency.name)}: ${m(order.payable_amount)}`;
  const body = `<main>
<section class="card">
<header>
<h1>Invoice ${esc(order.order_code)}</h1>
<p class="muted">${esc(appName)} · ${esc(order.shop.name)}${shopAddress ? `, ${esc(shopAddress)}` : ""}</p>
<p>Date: ${esc(order.created_at.slice(0, 10))} <span class="status">${esc(order.order_status)}</span></p>
</header>
<div class="grid">
<div><h2>Billed to</h2><p>${esc(customer.name)}${customer.email ? `<br>${esc(customer.email)}` : ""}</p></div>
<div><h2>Ship to</h2><p>${addressLines.map(esc).join("<br>")}</p></div>
<div><h2>Payment</h2><p>${esc(method)}<br>Status: ${esc(order.payment_status)}</p></div>
</div>
</section>
<section class="card">
<table>
<caption class="muted" style="text-align:start">Products</caption>
<thead><tr><th scope="col">Product</th><th scope="col" class="num">Price</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<table class="sums"><tbody>${sums}</tbody></table>
<p class="charged" data-testid="invoice-charged">${charged}</p>
${order.note ? `<p><strong>Note:</strong> ${esc(order.note)}</p>` : ""}
</section>
</main>`;
  return htmlPage(`Invoice ${order.order_code}`, body, CSS);
}
