import { type StaffArea, StaffShell } from "../../features/staff/index.ts";

export const handle = { title: "staff.admin_area" };

const admin: StaffArea = {
  role: "admin",
  title: "staff.admin_area",
  signInText: "staff.sign_in_admin",
  wrongRole: "staff.wrong_role_admin",
  links: [
    { to: "/admin/tickets", label: "staff.tickets" },
    { to: "/admin/shops", label: "staff.shops" },
  ],
};

export function Component() {
  return <StaffShell area={admin} />;
}
