// The auth feature's public entry: everything the app and other features use of it;
// they import nothing else from features/auth/ (lint:deps).
// The session itself (token, user) is lib/auth-store.ts, which the API client reads too.
export { AccountFields, LoginFields } from "./account-fields.tsx";
export { useDashboard, useProfile, useStartSession } from "./api.ts";
export { AuthDialogsMount } from "./auth-dialogs-mount.tsx";
export { ChangePasswordForm } from "./change-password-form.tsx";
export { LogoutDialog } from "./logout-dialog.tsx";
export { OtpCodeForm, shownTarget } from "./otp-code-form.tsx";
export { ProfileForm } from "./profile-form.tsx";
export { useUiStore } from "./ui-store.ts";
export { UserMenu, UserMenuList } from "./user-menu.tsx";
