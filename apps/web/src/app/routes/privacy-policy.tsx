import { StaticPage } from "../../features/content/index.ts";

export const handle = { title: "content.privacy_policy" };

export function Component() {
  return <StaticPage slug="privacy-policy" />;
}
