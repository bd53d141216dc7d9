import { StaticPage } from "../../features/content/index.ts";

export const handle = { title: "content.about_us", rendered: true };

export function Component() {
  return <StaticPage slug="about-us" />;
}
