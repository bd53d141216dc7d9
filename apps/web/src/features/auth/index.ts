// The auth feature's public entry: everything the app and other features use of it;
// they import nothing else from features/auth/ (lint:deps).
// The session itself (token, user) is lib/auth-store.ts, which the API client reads too.
export { AccountFields, LoginFields } from "./account-fields.tsx";
export { sessionUser, useDashboard, useProfile, useStartSession } from "./api.ts";
export { AuthDialogsMount } from "./auth-dialogs-mount.tsx";
export { ChangePasswordForm } from "./change-password-form.tsx";
export { DeleteAccount } from "./delete-account.tsx";
export { storedGuestContact, storeGuestContact } from "./guest-credentials.ts";
export { GuestUpgradeCard, GuestUpgradeDialog } from "./guest-upgrade.tsx";
export { LogoutDialog } from "./logout-dialog.tsx";
export { OtpCodeForm, type OtpSendState, otpSendWords, shownTarget } from "./otp-code-form.tsx";
export { ProfileForm } from "./profile-form.tsx";
export { type SignInTo, useSignInTo } from "./sign-in-to.ts";
export { useUiStore } from "./ui-store.ts";
export { offeredTo, UserMenu, UserMenuList } from "./user-menu.tsx";
export { AccountNotices, VerifyNotice, verifyTarget } from "./verify-notice.tsx";
