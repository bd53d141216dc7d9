import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { useSellerMessageToast, useSellerUnreadMessages } from "../../features/chat/index.ts";
import { NotificationBell } from "../../features/notifications/index.ts";
import { type StaffArea, StaffShell, useSellerMe } from "../../features/staff/index.ts";

export const handle = { title: "staff.seller_centre" };

const INBOX = "/seller/messages";

const seller: StaffArea = {
  role: "seller",
  title: "staff.seller_centre",
  signInText: "staff.sign_in_seller",
  wrongRole: "staff.wrong_role_seller",
  links: [
    { to: "/seller/dashboard", label: "staff.dashboard", area: "shop" },
    { to: "/seller/products", label: "staff.products", area: "products" },
    { to: "/seller/stock", label: "staff.stock", area: "products" },
    { to: "/seller/vouchers", label: "staff.vouchers", area: "products" },
    { to: "/seller/flash-sales", label: "staff.flash_sales", area: "products" },
    { to: "/seller/orders", label: "staff.orders", area: "orders" },
    { to: INBOX, label: "staff.messages", area: "orders" },
    { to: "/seller/reviews", label: "reviews.menu", area: "orders" },
    { to: "/seller/shop", label: "staff.shop_profile", area: "shop" },
    { to: "/seller/staff", label: "staff.staff", area: "staff" },
  ],
};

export function Component() {
  const { t } = useTranslation();
  const me = useSellerMe();
  const { pathname } = useLocation();
  // A section the role does not include says why (as the server's 403 does) instead of failing to load.
  const section = seller.links.find((l) => pathname === l.to || pathname.startsWith(`${l.to}/`));
  const refused =
    me.data && section?.area && !me.data.areas.includes(section.area as never)
      ? new Error(t("staff.not_in_role"))
      : null;
  // Shoppers' messages reach a role with the messages section anywhere in the Seller Centre.
  const hasInbox = !!me.data?.areas.includes("orders");
  const unread = useSellerUnreadMessages(hasInbox);
  useSellerMessageToast(INBOX, hasInbox);
  return (
    <StaffShell
      area={seller}
      gate={{ areas: me.data?.areas, error: me.error ?? refused, notice: me.data?.notice }}
      badges={{ [INBOX]: unread }}
      actions={
        !!me.data?.areas.length && (
          <NotificationBell
            scope="shop"
            className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 hover:text-primary-700"
          />
        )
      }
    />
  );
}

/** `/seller`: the first section the signed-in role opens. */
export function SellerHome() {
  const { data } = useSellerMe();
  if (!data) return null;
  const first = seller.links.find((l) => l.area && data.areas.includes(l.area as never));
  return <Navigate to={first?.to ?? "/seller/orders"} replace />;
}
