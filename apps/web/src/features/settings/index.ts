// The settings feature's public entry: everything the app and other features use of it;
// they import nothing else from features/settings/ (lint:deps).
export { useCurrencyStore } from "./currency-store.ts";
export { usePhoneLengths, useWithPhoneLength } from "./phone-length.ts";
export { Price, useAmountText, useFormatPrice, useIsolateAmount } from "./price.tsx";
export { themeVariables, useTheme } from "./theme.ts";
export {
  AmountsIn,
  type ChargeCurrency,
  InDefaultCurrency,
  useChargeCurrency,
  useCurrency,
  useCurrencySync,
} from "./use-currency.ts";
export { masterQuery, useMaster } from "./use-master.ts";
