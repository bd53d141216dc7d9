export * from "./common.ts";
export * from "./constants.ts";
export * from "./settings.ts";
export * from "./catalog.ts";
export * from "./content.ts";
export * from "./auth.ts";
export * from "./cart.ts";
