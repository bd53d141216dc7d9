import { expect, test } from "./fixtures.ts";

test("the server serves the web app and an unknown path shows Page Not Found", async ({ page }) => {
  await page.goto("/this/path/does-not-exist");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});
