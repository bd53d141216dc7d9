import { BannerManager } from "../../../features/admin-content/index.ts";

export const handle = { title: "admin_content.banners_title" };

export function Component() {
  return <BannerManager />;
}
