import { type ChargedCurrency, formatPrice } from "@market/contract";
import { escapeHtml as esc } from "../../lib/html.ts";
import { textDirection } from "../../lib/messages.ts";
import { toMajor } from "../../lib/money.ts";

// The few server-rendered pages (the test gateway's payment page, the printable invoice): plain
// HTML with inline styles (the CSP allows inline styles, no scripts), readable down to 320 px.

/** Minor units as the storefront writes them in `locale`: "$1,234.50", "1 234,50 €". */
export const formatMoney = (minor: number, c: ChargedCurrency, locale = "en"): string =>
  formatPrice(toMajor(minor), c, locale);

/** An order's stored currency (its `currency` column): the one its amounts are in. */
export const chargedIn = (stored: string): ChargedCurrency => JSON.parse(stored) as ChargedCurrency;

const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f3f4f6}
main{max-width:32rem;margin:0 auto;padding:1rem}
h1{font-size:1.375rem;margin:.5rem 0 1rem}
h2{font-size:1.0625rem;margin:0 0 .5rem}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:1rem;margin-bottom:1rem}
.muted{color:#4b5563;font-size:.875rem}
table{width:100%;border-collapse:collapse}
th,td{text-align:start;padding:.375rem .25rem;vertical-align:top}
td.num,th.num{text-align:end;white-space:nowrap}
a{color:#0f766e}
`;

export function htmlPage(title: string, body: string, extraCss = "", lang = "en"): string {
  return `<!doctype html>
<html lang="${esc(lang)}" dir="${textDirection(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${BASE_CSS}${extraCss}</style>
</head>
<body>
${body}
</body>
</html>`;
}
