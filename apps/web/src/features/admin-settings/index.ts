// The admin console's site settings, languages and currencies: its public entry; the app imports
// nothing else from features/admin-settings/ (lint:deps).
export { CurrencyManager } from "./currencies.tsx";
export { LanguageManager } from "./languages.tsx";
export { SiteSettingsEditor } from "./settings-form.tsx";
