import { CASH_ON_DELIVERY, type Master } from "@market/contract";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { uiText } from "../../lib/messages.ts";
import { chargedIn } from "./html.ts";
import * as repo from "./payments.repository.ts";

// Which ways to pay this server offers, and the currency amounts are kept in: read by the
// settings, orders and notifications without the payment flows themselves.

type ConfigDeps = Pick<AppDeps, "config">;

/** The online gateways' names (`payment_method` of an order, `name` of a `payment_gateways` entry). */
export const TEST_GATEWAY = "test";
export const STRIPE_GATEWAY = "stripe";

type GatewayEntry = Master["payment_gateways"][number];

/** The online gateways this server can run with its configuration. */
export function enabledGateways({ config }: ConfigDeps): string[] {
  return [
    ...(config.PAYMENT_TEST_GATEWAY ? [TEST_GATEWAY] : []),
    ...(config.STRIPE_SECRET_KEY ? [STRIPE_GATEWAY] : []),
  ];
}

/**
 * The master's gateway list: the configured entries whose gateway runs here, plus Stripe when
 * its key is set and the settings do not list it.
 */
export function offeredGateways(deps: ConfigDeps, configured: GatewayEntry[]): GatewayEntry[] {
  const enabled = enabledGateways(deps);
  const list = configured.filter((g) => enabled.includes(g.name));
  if (enabled.includes(STRIPE_GATEWAY) && !list.some((g) => g.name === STRIPE_GATEWAY)) {
    const id = Math.max(0, ...configured.map((g) => g.id)) + 1;
    list.push({ id, title: "Stripe", name: STRIPE_GATEWAY, logo: "/media/payment/stripe.svg" });
  }
  return list;
}

export const isCash = (method: string) => method === CASH_ON_DELIVERY;

/** The settings a gateway's title is read from: the admin's titles in other languages are in `i18n`. */
type GatewayTexts = { i18n: Record<string, Record<string, string>>; payment_gateways: GatewayEntry[] };

/** A gateway's title in `locale`, where the admin wrote one, else its own. */
export const gatewayTitle = (settings: GatewayTexts, g: GatewayEntry, locale: string) =>
  settings.i18n[locale]?.[`gateway_${g.name}`] || g.title;

/**
 * How an order's payment method is named to people, as the order pages name it: "Cash on
 * Delivery", or the gateway's title ("Credit / Debit Card"); a gateway no longer offered is
 * "Online payment".
 */
export function paymentMethodName(deps: ConfigDeps, settings: GatewayTexts, method: string, locale: string) {
  if (isCash(method)) return uiText(locale, "orders.cash_on_delivery");
  const g = offeredGateways(deps, settings.payment_gateways).find((x) => x.name === method);
  return g ? gatewayTitle(settings, g, locale) : uiText(locale, "orders.invoice_online_payment");
}

/**
 * Adds up orders charged in several currencies: an amount in a stored order currency, converted
 * to the default one at today's rates. A currency since deleted counts as it was charged.
 */
export async function toDefaultCurrency({ dbh }: DbDeps): Promise<(stored: string, minor: number) => number> {
  const rates = await repo.currencyRates(dbh.db);
  const base = rates.find((r) => r.is_default === 1) ?? rates[0];
  return (stored, minor) => {
    const from = rates.find((r) => r.name === chargedIn(stored).name);
    return base && from && from.name !== base.name ? (minor * Number(base.rate)) / Number(from.rate) : minor;
  };
}

/** The default currency: prices are in it, and a new order is charged in it. */
export function defaultCurrency({ dbh }: DbDeps) {
  return repo.defaultCurrency(dbh.db);
}
