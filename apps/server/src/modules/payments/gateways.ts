import { CASH_ON_DELIVERY, type Master } from "@market/contract";
import type { AppDeps, DbDeps } from "../../deps.ts";
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

/** The default currency amounts are stored in. */
export function defaultCurrency({ dbh }: DbDeps) {
  return repo.defaultCurrency(dbh.db);
}
