import { taxNameStatesRate } from "@market/contract";
import type { TFunction } from "i18next";

/** A tax as shoppers read it: a name that carries its rate ("VAT 5%") as it is, else with the rate after it. */
export const taxName = (t: TFunction, tax: { name: string; rate: number }): string =>
  taxNameStatesRate(tax.name, tax.rate) ? tax.name : t("orders.vat_line", { name: tax.name, rate: tax.rate });
