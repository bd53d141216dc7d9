import { type StaffArea, StaffShell } from "../../features/staff/index.ts";

export const handle = { title: "staff.admin_area" };

const admin: StaffArea = {
  role: "admin",
  title: "staff.admin_area",
  signInText: "staff.sign_in_admin",
  wrongRole: "staff.wrong_role_admin",
  links: [
    { to: "/admin/dashboard", label: "staff.dashboard" },
    { to: "/admin/settings", label: "staff.settings" },
    { to: "/admin/shops", label: "staff.shops" },
    { to: "/admin/products", label: "staff.products" },
    { to: "/admin/orders", label: "staff.orders" },
    { to: "/admin/users", label: "staff.users" },
    { to: "/admin/flash-sales", label: "staff.flash_sales" },
    { to: "/admin/categories", label: "staff.categories" },
    { to: "/admin/catalog-options", label: "staff.catalog_options" },
    { to: "/admin/banners", label: "staff.banners" },
    { to: "/admin/menus", label: "staff.menus" },
    { to: "/admin/pages", label: "staff.pages" },
    { to: "/admin/blog", label: "staff.blog" },
    { to: "/admin/languages", label: "staff.languages" },
    { to: "/admin/currencies", label: "staff.currencies" },
    { to: "/admin/tickets", label: "staff.tickets" },
    { to: "/admin/reviews", label: "reviews.menu_reported" },
    { to: "/admin/mail", label: "staff.mail" },
    { to: "/admin/audit", label: "staff.audit" },
  ],
};

export function Component() {
  return <StaffShell area={admin} />;
}
