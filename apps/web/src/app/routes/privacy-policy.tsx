import { StaticPage } from "../../features/content/page-view.tsx";

export const handle = { title: "content.privacy_policy" };

export function Component() {
  return <StaticPage slug="privacy-policy" />;
}
