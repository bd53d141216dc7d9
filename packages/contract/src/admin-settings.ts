import { endpoints } from "./endpoint.ts";

// The admin console. Site settings, languages with their interface translations, and currencies.

export const adminSettingsApi = endpoints({});
