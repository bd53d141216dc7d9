// The notifications feature's public entry: everything the app and other features use of it;
// they import nothing else from features/notifications/ (lint:deps).
export { MailPreferences } from "./mail-preferences.tsx";
export { NotificationBell } from "./notification-bell.tsx";
