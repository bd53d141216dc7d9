// The staff feature's public entry: everything the app and other features use of it;
// they import nothing else from features/staff/ (lint:deps).
export { type StaffArea, StaffShell } from "./staff-shell.tsx";
