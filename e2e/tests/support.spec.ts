import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForApp } from "./fixtures.ts";
import {
  firstCountry,
  fitsWidth,
  lineCount,
  loginByApi,
  openTicketByApi,
  registerByApi,
  unique,
  useSession,
} from "./helpers.ts";

// A minimal real PDF and a real 1x1 PNG: the server checks files by their content.
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A separate browser session signed in as the seeded admin. */
async function adminPage(browser: Browser, request: Parameters<typeof loginByApi>[0], locale = "en"): Promise<Page> {
  const data = await loginByApi(request, "admin@example.com", "password");
  const page = waitForApp(await (await browser.newContext()).newPage());
  await useSession(page, data.access.token, data.user);
  if (locale !== "en") await page.addInitScript((l) => localStorage.setItem("locale", l), locale);
  return page;
}

test("a shopper opens a ticket with a PDF attached and reads the admin's reply", async ({ page, request, browser }) => {
  const shopper = await registerByApi(request);
  await useSession(page, shopper.token, shopper.user);
  await page.goto("/support-tickets");
  await expect(page.getByRole("heading", { name: "Support Ticket", level: 1 })).toBeVisible();
  // The form takes the keyboard as it opens; Cancel gives it back to New Ticket.
  await page.getByRole("button", { name: "New Ticket" }).click();
  await expect(page.getByLabel("Issue type")).toBeFocused();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("button", { name: "New Ticket" })).toBeFocused();
  await page.getByRole("button", { name: "New Ticket" }).click();

  const subject = `Broken lamp ${Date.now()}`;
  await page.getByLabel("Issue type").selectOption({ label: "Delivery issue" });
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("The lamp arrived with a cracked shade. Receipt attached.");
  // The contact email starts as the account's own.
  await expect(page.getByLabel("Email")).toHaveValue(shopper.email);
  // So does the phone, with the account's dialling code: support may call back from anywhere.
  const phone = `+${shopper.user.phone_code.replace(/\D/g, "")}${shopper.user.phone}`;
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(phone);
  await page.getByLabel("Add files").setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByText("receipt.pdf")).toBeVisible();
  await page.getByRole("button", { name: "Submit Ticket" }).click();

  await expect(page.getByText("Support ticket created successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/support-ticket\/TK-[0-9A-Z]{10}$/);
  const ticketNumber = page.url().split("/").pop() as string;
  await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  await expect(page.getByText("Pending", { exact: true })).toBeVisible();

  // The attachment downloads for its owner with its name and bytes.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download receipt.pdf" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("receipt.pdf");
  expect(fs.readFileSync(await download.path()).equals(PDF)).toBe(true);

  // Support answers from the admin area and closes the ticket.
  const admin = await adminPage(browser, request);
  await admin.goto("/admin/tickets");
  await admin.getByRole("link", { name: new RegExp(subject) }).click();
  await expect(admin.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  await expect(admin.getByText(ticketNumber)).toBeVisible();
  await expect(admin.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone}`);
  await admin
    .getByLabel("Reply")
    .fill("Sorry about that! A new lamp is on its way. Track it: https://example.com/track");
  await admin.getByRole("button", { name: "Send Reply" }).click();
  await expect(admin.getByText("Reply sent successfully.")).toBeVisible();
  await admin.getByLabel("Ticket status").selectOption("completed");
  await admin.getByRole("button", { name: "Update Status" }).click();
  await expect(admin.getByText("Ticket status updated successfully.")).toBeVisible();
  await admin.context().close();

  // The shopper's open page shows it closed at once, without its reply form, as the bell says.
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Reply" })).toHaveCount(0);
  // The bell leads to the ticket: the answer is in the conversation, and the ticket is closed for replies.
  await page.goto("/");
  await page.getByTestId("notification-bell-user").click();
  const told = page.getByTestId("notification-item").nth(1);
  await expect(page.getByTestId("notification-item").first()).toHaveText(
    new RegExp(`^Support closed your ticket \u2068${ticketNumber}\u2069.`),
  );
  await expect(told).toHaveText(new RegExp(`^Support answered your ticket \u2068${ticketNumber}\u2069.`));
  await told.click();
  await expect(page).toHaveURL(new RegExp(`/support-ticket/${ticketNumber}$`));
  const conversation = page.getByRole("list", { name: "Conversation" });
  await expect(conversation.getByText("Sorry about that! A new lamp is on its way.")).toBeVisible();
  await expect(conversation.getByText("Support team")).toBeVisible();
  // Its address is a link that opens in a new tab, as in chat.
  const track = conversation.getByRole("link", { name: "https://example.com/track" });
  await expect(track).toHaveAttribute("target", "_blank");
  await expect(track).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(
    page.getByText("This ticket is closed. If you still need help, please open a new ticket."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Reply" })).toHaveCount(0);

  // The list shows it under its status.
  await page.getByRole("link", { name: "All tickets" }).click();
  await page.getByRole("button", { name: "Completed" }).click();
  await expect(page.getByRole("link", { name: new RegExp(subject) })).toBeVisible();
  await page.getByRole("button", { name: "Pending" }).click();
  await expect(page.getByText("No tickets with this status")).toBeVisible();
});

test("on an Arabic phone support reads a ticket: who wrote each message and when, each time on one line", async ({
  browser,
  request,
}) => {
  const shopper = await registerByApi(request);
  const ticketNumber = await openTicketByApi(request, shopper, "Late parcel", "Where is my parcel?");
  const staff = await loginByApi(request, "admin@example.com", "password");
  const answered = await request.post(`/api/admin/support-tickets/${ticketNumber}/message`, {
    multipart: { message: "It left the warehouse today." },
    headers: { Authorization: `Bearer ${staff.access.token}` },
  });
  expect(answered.ok(), await answered.text()).toBeTruthy();

  const admin = await adminPage(browser, request, "ar");
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.goto(`/admin/tickets/${ticketNumber}`);
  const conversation = admin.getByRole("list", { name: "المحادثة" });
  await expect(conversation.getByText("It left the warehouse today.")).toBeVisible();
  // The answer names its author and the support team; its time, like the shopper's, is not split.
  await expect(conversation.getByText(`${staff.user.name} · فريق الدعم`)).toBeVisible();
  const times = conversation.locator("time");
  await expect(times).toHaveCount(2);
  for (const time of await times.all()) expect(await lineCount(time)).toBe(1);
  await fitsWidth(admin);
  await admin.context().close();
});

test("a seller registers a shop, an admin approves it, and it is listed in /shops", async ({
  page,
  request,
  browser,
}) => {
  const who = unique("seller");
  const shopName = `Lantern Lane ${who.phone.slice(-6)}`;
  const country = await firstCountry(request);
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Become a Seller" }).click();
  await expect(page).toHaveURL(/\/shop\/register$/);
  await expect(page.getByRole("heading", { name: "Become a Seller", level: 1 })).toBeVisible();

  await page.getByLabel("Shop name").fill(shopName);
  await page.getByLabel("Choose Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Shop logo preview" })).toBeVisible();
  await page.getByLabel("Owner name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Country").selectOption(country.name);
  await page.getByLabel("Phone").fill(who.phone);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Register Shop" }).click();
  await expect(page.getByText("The password field must be at least 8 characters.").first()).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("seller-pass-1");
  await page.getByRole("button", { name: "Register Shop" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your shop is under review" })).toBeVisible();
  await expect(page.getByText(`We have received the application for ${shopName}.`)).toBeVisible();

  // Not listed while it waits for review.
  await page.goto(`/shops?search=${encodeURIComponent(shopName)}`);
  await expect(page.getByText("0 shops")).toBeVisible();
  await expect(page.getByText(shopName)).toHaveCount(0);

  const admin = await adminPage(browser, request);
  await admin.goto("/admin/shops");
  await expect(admin.getByText(shopName)).toBeVisible();
  await admin.getByRole("button", { name: `Approve ${shopName}` }).click();
  await expect(admin.getByText("Shop approved successfully.")).toBeVisible();
  await expect(admin.getByRole("button", { name: `Approve ${shopName}` })).toHaveCount(0);
  await admin.context().close();

  // Visitors' catalogue answers may be up to CATALOG_CACHE_SECONDS (5 s) old: reload until it shows.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(shopName)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});
