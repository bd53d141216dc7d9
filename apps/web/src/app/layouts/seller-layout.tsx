import { type StaffArea, StaffShell } from "../../features/staff/index.ts";

export const handle = { title: "staff.seller_centre" };

const seller: StaffArea = {
  role: "seller",
  title: "staff.seller_centre",
  signInText: "staff.sign_in_seller",
  wrongRole: "staff.wrong_role_seller",
  links: [
    { to: "/seller/orders", label: "staff.orders" },
    { to: "/seller/messages", label: "staff.messages" },
  ],
};

export function Component() {
  return <StaffShell area={seller} />;
}
