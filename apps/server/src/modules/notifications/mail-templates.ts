import type { NotificationKindName } from "@market/contract";
import mjml2html from "mjml";
import { escapeHtml } from "../../lib/html.ts";
import { shippedLocale, statusName, textDirection, uiText } from "../../lib/messages.ts";

// The order mails, one template for every kind: a title, a paragraph, the order's facts, a link to
// the order (and the invoice) and a footer, written in the recipient's language from the shipped
// `mail` texts (packages/contract/locales/<lang>/mail.json), rendered by MJML to HTML beside the
// same words as plain text.

export interface MailFacts {
  app: string;
  code: string;
  shop: string;
  /** the order's status key, as stored ("On The Way") */
  status?: string;
  decision?: "approved" | "rejected";
  /** formatted money */
  total?: string;
  /** a refund's amount, formatted */
  amount?: string;
  /** the payment method's name (`paymentMethodName`) */
  payment?: string;
  /** paid in cash on delivery: a refund is the shop's cash, not a payment reversed */
  cash?: boolean;
  /** the parcel, in the mail that says the order is on its way */
  shipment?: { carrier: string; tracking_number: string; tracking_url: string | null };
  /** the order's page; none for a guest, who has no account to open it in */
  orderUrl: string | null;
  invoiceUrl?: string;
  /** the mail goes to the shop's owner (an order at their shop, not their own order) */
  toShop?: boolean;
  /** the mail can be turned off: the footer says where */
  optional: boolean;
}

const texts =
  (locale: string) =>
  (key: string, params: Record<string, string> = {}) =>
    uiText(locale, `mail.${key}`, params);

export async function renderOrderMail(kind: NotificationKindName, locale: string, f: MailFacts) {
  const t = texts(locale);
  const dir = textDirection(locale);
  // In a right-to-left sentence an order code, a Latin shop name or an amount keeps its own order
  // ("#UT000092", not "UT000092#") inside Unicode isolates, as the pages do.
  const own = (s: string) => (dir === "rtl" && s ? `\u2068${s}\u2069` : s);
  const params: Record<string, string> = {
    app: own(f.app),
    code: own(f.code),
    shop: own(f.shop),
    total: own(f.total ?? ""),
    amount: own(f.amount ?? ""),
    status: f.status ? statusName(f.status, locale) : "",
    decision: f.decision ? t(`return_decided_${f.decision}`) : "",
  };
  const subject = t(`${kind}_subject`, params);
  const title = t(`${kind}_title`, params);
  const body = t(
    kind === "order_placed" && f.orderUrl === null
      ? "order_placed_body_guest"
      : kind === "refunded" && f.cash
        ? "refunded_body_cash"
        : `${kind}_body`,
    params,
  );
  const facts = [
    ...(f.total && kind === "order_placed" ? [t("total", params)] : []),
    ...(f.amount ? [t("refund_amount", params)] : []),
    ...(f.payment ? [t("payment", { method: f.payment })] : []),
    ...(f.shipment ? [t("tracking", { carrier: f.shipment.carrier, number: f.shipment.tracking_number })] : []),
  ];
  const footer = [t(f.toShop ? "footer_shop" : "footer", params), ...(f.optional ? [t("footer_optional")] : [])];
  const links: Array<[string, string]> = [
    ...(f.orderUrl ? ([[t("view_order"), f.orderUrl]] as Array<[string, string]>) : []),
    ...(f.invoiceUrl ? ([[t("invoice"), f.invoiceUrl]] as Array<[string, string]>) : []),
    ...(f.shipment?.tracking_url ? ([[t("track_parcel"), f.shipment.tracking_url]] as Array<[string, string]>) : []),
  ];

  const text = [
    title,
    "",
    body,
    ...(facts.length ? ["", ...facts] : []),
    "",
    ...links.map(([label, url]) => t("link_line", { label, url })),
    "",
    ...footer,
  ].join("\n");

  const align = dir === "rtl" ? "right" : "left";
  const e = escapeHtml;
  const mj = `<mjml lang="${e(locale)}" dir="${dir}">
  <mj-head>
    <mj-title>${e(subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-section direction="${dir}" />
      <mj-column direction="${dir}" />
      <mj-text align="${align}" color="#1f2937" font-size="15px" line-height="22px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#111827"><mj-column>
      <mj-text align="${align}" color="#ffffff" font-size="20px" font-weight="bold">${e(f.app)}</mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="24px"><mj-column>
      <mj-text font-size="20px" font-weight="bold">${e(title)}</mj-text>
      <mj-text>${e(body)}</mj-text>
      ${facts.map((x) => `<mj-text font-weight="bold">${e(x)}</mj-text>`).join("\n      ")}
      ${links
        .map(
          ([l, u], i) =>
            `<mj-button align="${align}" href="${e(u)}" background-color="${i === 0 ? "#2563eb" : "#4b5563"}">${e(l)}</mj-button>`,
        )
        .join("\n      ")}
    </mj-column></mj-section>
    <mj-section><mj-column>
      ${footer.map((x) => `<mj-text color="#6b7280" font-size="12px">${e(x)}</mj-text>`).join("\n      ")}
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
  const { html } = await mjml2html(mj, { validationLevel: "soft" });
  return { subject, text, html };
}

/**
 * A plain-text mail's subject and text from the shipped `mail` texts `<kind>_subject` and
 * `<kind>_text`, in `locale` where mails are shipped in it (else the default).
 */
export function plainMail(locale: string | null, kind: string, params: Record<string, string>) {
  return { subject: mailText(locale, `${kind}_subject`, params), text: mailText(locale, `${kind}_text`, params) };
}

/** One shipped `mail` text in `locale` where mails are shipped in it (else the default). */
export const mailText = (locale: string | null, key: string, params: Record<string, string> = {}) =>
  texts(shippedLocale(locale))(key, params);

export function orderPlacedSms(locale: string, f: Pick<MailFacts, "app" | "code" | "total">) {
  return texts(locale)("order_placed_sms", { app: f.app, code: f.code, total: f.total ?? "" });
}
