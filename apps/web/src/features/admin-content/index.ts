// The admin-content feature's public entry: the console's storefront content pages (banners, menus
// and footers, static pages, blog); the app imports nothing else from features/admin-content/.
export { BannerManager } from "./banners.tsx";
export { BlogManager } from "./blog.tsx";
export { MenuManager } from "./menus.tsx";
export { PageManager } from "./pages.tsx";
export { LanguageTabs } from "./shared.tsx";
