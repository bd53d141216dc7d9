import type { TFunction } from "i18next";

/** Whether `name` states `rate` as a percentage: "VAT 5%", "TVA 5 %" (not "VAT 15%" for 5). */
const statesRate = (name: string, rate: number) =>
  new RegExp(`(^|[^\\d.])${String(rate).replace(".", "\\.")}\\s?%`).test(name);

/** A tax as shoppers read it: a name that carries its rate ("VAT 5%") as it is, else with the rate after it. */
export const taxName = (t: TFunction, tax: { name: string; rate: number }): string =>
  statesRate(tax.name, tax.rate) ? tax.name : t("orders.vat_line", { name: tax.name, rate: tax.rate });
