import { test as base, type Page } from "@playwright/test";

// A catalogue page arrives rendered by the server and responds once the app has started on it
// (`<html data-ready>`, apps/web/src/app/app.tsx); a shopper's first clicks come after it shows.
// The specs' pages wait for that after each navigation, as a person would wait for the page.

/** `page.goto` and `page.reload` resolve once the app runs the page. */
export function waitForApp(page: Page): Page {
  const ready = () => page.locator("html[data-ready]").waitFor({ state: "attached" });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await ready();
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await ready();
    return res;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitForApp(page));
  },
});

export { expect } from "@playwright/test";
