import {
  STOCK_ALERT_MESSAGES,
  STOCK_ALERTS_MAX,
  type StockAlertBody,
  type StockAlertListData,
  type StockAlertsData,
} from "@market/contract";
import { writeTransaction } from "../../db/index.ts";
import { lockUser } from "../../db/queries.ts";
import type { AppDeps, DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { tr } from "../../lib/i18n.ts";
import { shippedLocale } from "../../lib/messages.ts";
import { productCards } from "../catalog/catalog.service.ts";
import { plainMail } from "../notifications/mail-templates.ts";
import { notifyInApp, wants } from "../notifications/notify.ts";
import * as repo from "./alerts.repository.ts";
import { BACK_IN_STOCK_JOB, type VariantKey } from "./stock.service.ts";

// "Tell me when it is back": a shopper waits for a sold-out variant; the stock service queues
// BACK_IN_STOCK_JOB when a variant's stock comes back from none, and the job tells each shopper
// waiting for it under their bell, once: the wait ends when told.

const keyOf = (productId: number, body: StockAlertBody): VariantKey => ({
  product_id: productId,
  size_id: body.size ?? 0,
  color_id: body.color ?? 0,
});

async function alerts(deps: DbDeps, userId: number, productId: number): Promise<StockAlertsData> {
  const rows = await repo.alertsOf(deps.dbh.db, userId, productId);
  return { alerts: rows.map((r) => ({ size: r.size_id || null, color: r.color_id || null })) };
}

export const stockAlerts = alerts;

/**
 * Every wait of the user with its product's card, newest first. A product no longer listed is left
 * out (its wait ends when it is deleted, or lasts until it is listed again).
 */
export async function allStockAlerts(deps: DbDeps, userId: number, locale: string): Promise<StockAlertListData> {
  const rows = await repo.allAlertsOf(deps.dbh.db, deps.dbh.pg, userId, locale);
  const cards = new Map(
    (await productCards(deps, [...new Set(rows.map((r) => r.product_id))], locale)).map((c) => [c.id, c]),
  );
  return {
    items: rows.flatMap((r) => {
      const product = cards.get(r.product_id);
      if (!product) return [];
      return [
        {
          product,
          size: r.size_id && r.size !== null ? { id: r.size_id, name: r.size } : null,
          color:
            r.color_id && r.color !== null ? { id: r.color_id, name: r.color, color_code: r.color_code ?? "" } : null,
        },
      ];
    }),
  };
}

/**
 * The user waits for a sold-out variant of a listed product. An unknown variant is a 404; one in
 * stock a 409 (buy it now). The per-user count is checked under the user's row lock, so two
 * requests at once cannot pass the limit together.
 */
export async function waitFor(deps: DbDeps, userId: number, productId: number, body: StockAlertBody) {
  const k = keyOf(productId, body);
  await writeTransaction(deps.dbh, async (trx) => {
    await lockUser(trx, userId, deps.dbh.pg);
    const variant = await repo.listedVariant(trx, k);
    if (!variant) throw notFound("Product");
    if (Number(variant.stock) > 0) throw new AppError(409, STOCK_ALERT_MESSAGES.inStock);
    if ((await repo.alertsOf(trx, userId, productId)).some((a) => a.size_id === k.size_id && a.color_id === k.color_id))
      return;
    if ((await repo.countOf(trx, userId)) >= STOCK_ALERTS_MAX) throw new AppError(409, STOCK_ALERT_MESSAGES.tooMany);
    await repo.insertAlert(trx, userId, k, clock.iso());
  });
  return alerts(deps, userId, productId);
}

export async function stopWaiting(deps: DbDeps, userId: number, productId: number, body: StockAlertBody) {
  await repo.deleteAlert(deps.dbh.db, userId, keyOf(productId, body));
  return alerts(deps, userId, productId);
}

const idOf = (v: unknown) => (Number.isSafeInteger(v) ? (v as number) : null);

type TellDeps = Pick<AppDeps, "dbh" | "realtime" | "log" | "mailer" | "config">;
type Variant = NonNullable<Awaited<ReturnType<typeof repo.listedVariant>>>;

/**
 * Tells the shoppers waiting for the job's variant that it is back, if it still is and is listed:
 * under the bell, and by mail unless they turned those mails off.
 */
async function tellWaiting(deps: TellDeps, data: Record<string, unknown>) {
  const [product_id, size_id, color_id] = [idOf(data.product_id), idOf(data.size_id), idOf(data.color_id)];
  if (product_id === null || size_id === null || color_id === null) return;
  const k = { product_id, size_id, color_id };
  const variant = await repo.listedVariant(deps.dbh.db, k);
  if (!variant || Number(variant.stock) <= 0) return;
  const params = {
    product: variant.name,
    product_id,
    ...(variant.size !== null && { size: variant.size }),
    ...(color_id !== 0 && { color_id }),
  };
  const told = await repo.takeWaiting(deps.dbh.db, k);
  for (const userId of told) await notifyInApp(deps, { userId }, "back_in_stock", params);
  await mailWaiting(deps, variant, told);
}

/** The told shoppers' mail, each in their language: the item, its shop and a link to its page. */
async function mailWaiting(deps: TellDeps, variant: Variant, userIds: number[]) {
  const link = `${deps.config.appUrl}/products/${variant.id}/details/${variant.slug}`;
  for (const user of await repo.mailRecipients(deps.dbh.db, userIds)) {
    try {
      if (!user.email || !(await wants(deps, user.id, "back_in_stock"))) continue;
      const locale = shippedLocale(user.locale);
      const product = tr(variant, "name", locale);
      const color =
        variant.color === null ? null : tr({ name: variant.color, i18n: variant.color_i18n ?? "{}" }, "name", locale);
      const options = [variant.size, color].filter((o) => o !== null).join(" / ");
      const params = {
        product,
        item: options ? `${product} (${options})` : product,
        shop: tr({ name: variant.shop, i18n: variant.shop_i18n }, "name", locale),
        link,
      };
      await deps.mailer.send({ to: user.email, ...plainMail(locale, "back_in_stock", params) });
    } catch (error) {
      // The wait is over either way (told in the app); a retry would find no one waiting.
      deps.log.error({ err: error, userId: user.id }, "a back-in-stock mail failed");
    }
  }
}

export function registerBackInStockJob(deps: TellDeps & Pick<AppDeps, "jobs">): void {
  deps.jobs.register(BACK_IN_STOCK_JOB, (data) => tellWaiting(deps, data), {
    retryLimit: 3,
    retryDelaySeconds: deps.config.JOB_RETRY_SECONDS,
  });
}
