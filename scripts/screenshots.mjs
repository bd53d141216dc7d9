// Screenshots of the main pages in English, Arabic (rtl) and at phone width, for a look by eye.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir]   (a running server, e.g. npm start)
import fs from "node:fs";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const out = process.argv[3] ?? "screenshots";
fs.mkdirSync(out, { recursive: true });

const product = (await (await fetch(`${base}/api/products?per_page=1&sort=top_selling`)).json()).data.data[0];
const post = (await (await fetch(`${base}/api/blogs?per_page=1`)).json()).data.data[0];
const paths = {
  home: "/",
  products: "/products?search=shirt",
  details: `/products/${product.id}/details/${product.slug}`,
  shops: "/shops",
  blog: `/blog/${post.slug}`,
  notfound: "/no-such-page",
};
const views = [
  ["en", 1280, 900],
  ["ar", 1280, 900],
  ["en", 375, 800],
];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
for (const [locale, width, height] of views) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript((l) => localStorage.setItem("locale", l), locale);
  const page = await context.newPage();
  for (const [name, path] of Object.entries(paths)) {
    await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
    await page.screenshot({ path: `${out}/${name}-${locale}-${width}.png`, fullPage: false });
  }
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}/`);
