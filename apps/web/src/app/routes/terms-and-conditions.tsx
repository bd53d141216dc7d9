import { StaticPage } from "../../features/content/index.ts";

export const handle = { title: "content.terms_and_conditions", rendered: true };

export function Component() {
  return <StaticPage slug="terms-and-conditions" />;
}
