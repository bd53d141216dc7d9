import { StaticPage } from "../../features/content/index.ts";

export const handle = { title: "content.privacy_policy", rendered: true };

export function Component() {
  return <StaticPage slug="privacy-policy" />;
}
