export * from "./auth.ts";
export * from "./cart.ts";
export * from "./catalog.ts";
export * from "./common.ts";
export * from "./constants.ts";
export * from "./content.ts";
export * from "./settings.ts";
