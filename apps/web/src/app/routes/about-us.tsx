import { StaticPage } from "../../features/content/page-view.tsx";

export const handle = { title: "content.about_us" };

export function Component() {
  return <StaticPage slug="about-us" />;
}
