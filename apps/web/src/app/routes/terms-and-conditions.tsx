import { StaticPage } from "../../features/content/page-view.tsx";

export const handle = { title: "content.terms_and_conditions" };

export function Component() {
  return <StaticPage slug="terms-and-conditions" />;
}
