// The staff feature's public entry: everything the app and other features use of it;
// they import nothing else from features/staff/ (lint:deps).
export { useSellerMe } from "./seller-me.ts";
export { type StaffArea, type StaffGate, StaffShell } from "./staff-shell.tsx";
