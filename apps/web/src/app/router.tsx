import { createBrowserRouter, type createMemoryRouter, Navigate, type RouteObject } from "react-router";
import { RouteError } from "./route-error.tsx";

const defaultRoutes: RouteObject[] = [
  { index: true, lazy: () => import("./routes/home.tsx") },
  { path: "shops", lazy: () => import("./routes/shops.tsx") },
  { path: "shops/:id", lazy: () => import("./routes/shop.tsx") },
  { path: "products", lazy: () => import("./routes/products.tsx") },
  { path: "products/:id/details/:slug", lazy: () => import("./routes/product-details.tsx") },
  { path: "products/:id/details", lazy: () => import("./routes/product-details.tsx") },
  { path: "categories", lazy: () => import("./routes/categories.tsx") },
  { path: "categories/:slug", lazy: () => import("./routes/category.tsx") },
  { path: "brands", lazy: () => import("./routes/brands.tsx") },
  { path: "brands/:slug", lazy: () => import("./routes/brand.tsx") },
  { path: "most-popular", lazy: () => import("./routes/most-popular.tsx") },
  { path: "best-deal", lazy: () => import("./routes/best-deal.tsx") },
  { path: "flash-sale/:id", lazy: () => import("./routes/flash-sale.tsx") },
  { path: "checkout", lazy: () => import("./routes/checkout.tsx") },
  { path: "buynow", lazy: () => import("./routes/buy-now.tsx") },
  { path: "support", lazy: () => import("./routes/support.tsx") },
  { path: "terms-and-conditions", lazy: () => import("./routes/terms-and-conditions.tsx") },
  { path: "privacy-policy", lazy: () => import("./routes/privacy-policy.tsx") },
  { path: "about-us", lazy: () => import("./routes/about-us.tsx") },
  { path: "contact-us", lazy: () => import("./routes/contact-us.tsx") },
  { path: "page/:slug", lazy: () => import("./routes/policy-page.tsx") },
  { path: "shop/register", lazy: () => import("./routes/shop-register.tsx") },
  { path: "login", lazy: () => import("./routes/login.tsx") },
  { path: "staff-invite/:token", lazy: () => import("./routes/staff-invite.tsx") },
  { path: "*", lazy: () => import("./routes/not-found.tsx") },
];

const accountRoutes: RouteObject[] = [
  { path: "dashboard", lazy: () => import("./routes/account/dashboard.tsx") },
  { path: "order-history", lazy: () => import("./routes/account/order-history.tsx") },
  { path: "order-history/:id", lazy: () => import("./routes/account/order-details.tsx") },
  { path: "wishlist", lazy: () => import("./routes/account/wishlist.tsx") },
  { path: "profile", lazy: () => import("./routes/account/profile.tsx") },
  { path: "manage-address", lazy: () => import("./routes/account/manage-address.tsx") },
  { path: "manage-address/new", lazy: () => import("./routes/account/address-new.tsx") },
  { path: "manage-address/:id/edit", lazy: () => import("./routes/account/address-edit.tsx") },
  { path: "change-password", lazy: () => import("./routes/account/change-password.tsx") },
  { path: "notifications", lazy: () => import("./routes/account/notifications.tsx") },
  { path: "support-tickets", lazy: () => import("./routes/account/support-tickets.tsx") },
  { path: "support-ticket/:ticketNumber", lazy: () => import("./routes/account/support-ticket.tsx") },
  { path: "massages", lazy: () => import("./routes/account/messages.tsx") },
  { path: "reviews", lazy: () => import("./routes/account/reviews.tsx") },
];

// The seller and admin areas; their pages append themselves here.
const sellerRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import("./layouts/seller-layout.tsx")).SellerHome }) },
  { path: "dashboard", lazy: () => import("./routes/seller/dashboard.tsx") },
  { path: "products", lazy: () => import("./routes/seller/products.tsx") },
  // One module for both; each has its own title.
  {
    path: "products/new",
    handle: { title: "seller_products.add_product" },
    lazy: () => import("./routes/seller/product-edit.tsx"),
  },
  { path: "products/import", lazy: () => import("./routes/seller/product-import.tsx") },
  {
    path: "products/:id",
    handle: { title: "seller_products.edit_product" },
    lazy: () => import("./routes/seller/product-edit.tsx"),
  },
  { path: "stock", lazy: () => import("./routes/seller/stock.tsx") },
  { path: "vouchers", lazy: () => import("./routes/seller/vouchers.tsx") },
  { path: "flash-sales", lazy: () => import("./routes/seller/flash-sales.tsx") },
  { path: "shop", lazy: () => import("./routes/seller/shop-profile.tsx") },
  { path: "staff", lazy: () => import("./routes/seller/staff.tsx") },
  { path: "orders", lazy: () => import("./routes/seller/orders.tsx") },
  { path: "orders/:id", lazy: () => import("./routes/seller/order-details.tsx") },
  { path: "messages", lazy: () => import("./routes/seller/messages.tsx") },
  { path: "reviews", lazy: () => import("./routes/seller/reviews.tsx") },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
  { path: "dashboard", lazy: () => import("./routes/admin/dashboard.tsx") },
  { path: "tickets", lazy: () => import("./routes/admin/tickets.tsx") },
  { path: "tickets/:ticketNumber", lazy: () => import("./routes/admin/ticket.tsx") },
  { path: "shops", lazy: () => import("./routes/admin/shops.tsx") },
  { path: "products", lazy: () => import("./routes/admin/products.tsx") },
  { path: "orders", lazy: () => import("./routes/admin/orders.tsx") },
  { path: "users", lazy: () => import("./routes/admin/users.tsx") },
  { path: "flash-sales", lazy: () => import("./routes/admin/flash-sales.tsx") },
  { path: "categories", lazy: () => import("./routes/admin/categories.tsx") },
  { path: "catalog-options", lazy: () => import("./routes/admin/catalog-options.tsx") },
  { path: "banners", lazy: () => import("./routes/admin/banners.tsx") },
  { path: "menus", lazy: () => import("./routes/admin/menus.tsx") },
  { path: "pages", lazy: () => import("./routes/admin/pages.tsx") },
  { path: "blog", lazy: () => import("./routes/admin/blog.tsx") },
  { path: "settings", lazy: () => import("./routes/admin/settings.tsx") },
  { path: "languages", lazy: () => import("./routes/admin/languages.tsx") },
  { path: "currencies", lazy: () => import("./routes/admin/currencies.tsx") },
  { path: "audit", lazy: () => import("./routes/admin/audit.tsx") },
  { path: "mail", lazy: () => import("./routes/admin/mail.tsx") },
  { path: "reviews", lazy: () => import("./routes/admin/reviews.tsx") },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { lazy: () => import("./layouts/account-layout.tsx"), children: accountRoutes },
      {
        lazy: () => import("./layouts/blog-layout.tsx"),
        children: [
          { path: "blogs", lazy: () => import("./routes/blogs.tsx") },
          { path: "blog/:slug", lazy: () => import("./routes/blog-post.tsx") },
        ],
      },
      { path: "seller", lazy: () => import("./layouts/seller-layout.tsx"), children: sellerRoutes },
      { path: "admin", lazy: () => import("./layouts/admin-layout.tsx"), children: adminRoutes },
      { path: "messages", element: <Navigate to="/massages" replace /> },
      { path: "blog", element: <Navigate to="/blogs" replace /> },
      { path: "/", lazy: () => import("./layouts/default-layout.tsx"), children: defaultRoutes },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/** Resolves once the router has loaded the route modules of its first location. */
export function whenReady(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
