import fs from "node:fs";
import path from "node:path";
import { cartData, compileMessages, DEFAULT_LOCALE, envelope, SAID_PARTS, translateMessage } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localesDir, shippedUiMessages } from "../src/db/seed/ui-messages.ts";
import { localizeMessage, messagesDir, statusName, uiText } from "../src/lib/messages.ts";
import { newRegistration, nextIp } from "./auth-helpers.ts";
import { newShoppers } from "./cart-helpers.ts";
import { dbKinds, openTestApp, type TestApp } from "./harness.ts";
import { labelSources, messageSources } from "./message-sources.ts";

const catalogueOf = (locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(messagesDir, `${locale}.json`), "utf8"));
const LOCALES = fs.readdirSync(messagesDir).map((f) => path.basename(f, ".json"));
const ar = catalogueOf("ar");
const fr = catalogueOf("fr");
const placeholders = (s: string) => s.match(/\{\{\w+\}\}/g) ?? [];
/** A source text as the API would say it, with a value in each of its parts. */
const sample = (s: string) => s.replace(/\{\{\w+\}\}/g, "7");
/** A catalogue's template with its parts filled in. */
/** The names (a field's, a thing's) that the API's texts put in a template's said parts, each with its text. */
const saidParts = (catalogue: Record<string, string>): Map<string, string> => {
  const compiled = compileMessages(catalogue);
  const out = new Map<string, string>();
  for (const s of messageSources()) {
    if (s.includes("{{")) continue;
    translateMessage(compiled, s, (name, value) => {
      if (SAID_PARTS.has(name)) out.set(value, s);
      return undefined;
    });
  }
  return out;
};
const fill = (template: string | undefined, values: Record<string, string | number>) =>
  (template ?? "").replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

it("every shipped language but the default has a catalogue of the API's texts", () => {
  const shipped = fs.readdirSync(localesDir).filter((l) => l !== DEFAULT_LOCALE);
  expect(LOCALES.sort()).toEqual(shipped.sort());
});

describe.each(LOCALES)("the %s catalogue", (locale) => {
  const catalogue = catalogueOf(locale);

  it("says every message and every field's or thing's name the API answers", () => {
    const untranslated = [...messageSources()].filter(
      (s) => !(s in catalogue) && localizeMessage(sample(s), locale) === sample(s),
    );
    expect(untranslated).toEqual([]);
    expect([...labelSources()].filter((l) => !catalogue[l]?.trim())).toEqual([]);
    // "The rating field is required." said through its template needs "rating" said too.
    const unnamed = [...saidParts(catalogue)].filter(([name]) => !catalogue[name]?.trim());
    expect(unnamed.map(([name, s]) => `${name} (${s})`)).toEqual([]);
  });

  it("holds only texts the source still says, each translated with no part the English lacks", () => {
    const known = new Set([...messageSources(), ...labelSources(), ...saidParts(catalogue).keys()]);
    expect(Object.keys(catalogue).filter((k) => !known.has(k))).toEqual([]);
    for (const [english, text] of Object.entries(catalogue)) {
      expect(text.trim(), english).not.toBe("");
      for (const p of placeholders(text)) expect(placeholders(english), `${english} → ${text}`).toContain(p);
    }
  });
});

describe("localizeMessage", () => {
  it("translates a field's message and the field's name in it", () => {
    expect(localizeMessage("The email field is required.", "ar")).toBe(
      fill(ar["The {{label}} field is required."], { label: ar.email as string }),
    );
    expect(localizeMessage("The email field is required.", "ar")).not.toContain("email");
  });

  it("keeps what the parts hold when they are not names it knows: numbers, product names", () => {
    const english = "Only 2 of Classic Oxford Shirt left in stock; the quantity was reduced to 2.";
    expect(localizeMessage(english, "fr")).toBe(
      fill(fr["Only {{stock}} of {{name}} left in stock; the quantity was reduced to {{stock}}."], {
        stock: 2,
        name: "Classic Oxford Shirt",
      }),
    );
  });

  it("says a sentence inside a sentence in the language too", () => {
    expect(localizeMessage("Too many codes were requested. Please try again in 55 minutes.", "ar")).toBe(
      fill(ar["{{message}} Please try again in {{minutes}} minutes."], {
        message: ar["Too many codes were requested."] as string,
        minutes: 55,
      }),
    );
  });

  it("prefers a field's own sentence over the general one", () => {
    const own = fr["The code field must not be greater than {{code}} characters."];
    expect(localizeMessage("The code field must not be greater than 8 characters.", "fr")).toBe(fill(own, { code: 8 }));
  });

  it("says an order's status by the one name the pages, the bell and the mails give it", () => {
    const ui = shippedUiMessages();
    expect(statusName("Confirm")).toBe("Confirmed");
    expect(statusName("Pickup", "ar")).toBe(ui.ar?.["orders.status_pickup"]);
    expect(localizeMessage(`Order status changed to ${statusName("Pickup")}`, "ar")).toBe(
      fill(ar["Order status changed to {{order_status}}"], { order_status: ui.ar?.["orders.status_pickup"] ?? "" }),
    );
    expect(localizeMessage("This order is Pending; its next status is Confirmed.", "fr")).toBe(
      fill(fr["This order is {{order_status}}; its next status is {{next}}."], {
        order_status: ui.fr?.["orders.status_pending"] ?? "",
        next: ui.fr?.["orders.status_confirm"] ?? "",
      }),
    );
  });

  it("writes a French mail's sentence with de elided before a shop named with a vowel", () => {
    const decided = uiText("fr", "mail.return_decided_body", {
      shop: "Urban Threads",
      code: "#UT000092",
      decision: "acceptée",
    });
    expect(decided).toMatch(/^Décision d'Urban Threads sur votre demande de retour/);
    expect(uiText("fr", "mail.return_decided_body", { shop: "Gadget Galaxy", code: "#GG1", decision: "x" })).toMatch(
      /^Décision de Gadget Galaxy/,
    );
  });

  it("leaves English, unknown languages and unknown texts as they are", () => {
    expect(localizeMessage("This product is out of stock.", "en")).toBe("This product is out of stock.");
    expect(localizeMessage("This product is out of stock.", "de")).toBe("This product is out of stock.");
    expect(localizeMessage("../../etc/passwd", "../ar")).toBe("../../etc/passwd");
    expect(localizeMessage("Something nobody wrote down.", "ar")).toBe("Something nobody wrote down.");
  });
});

describe.each(dbKinds)("answers in the request's language on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (
    method: "GET" | "POST",
    url: string,
    locale: string,
    payload?: object,
    token?: string,
    ip = nextIp(),
  ) => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      remoteAddress: ip,
      headers: { "accept-language": locale, ...(token && { authorization: `Bearer ${token}` }) },
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    return { status: res.statusCode, body: res.json() as any };
  };

  it("a refused registration's message and its field's message, with the field named in the language", async () => {
    const { email: _, ...body } = newRegistration();
    const said = fill(ar["The {{label}} field is required."], { label: ar.email as string });
    const res = await send("POST", "/api/registration", "ar", body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: said, code: "validation_failed", errors: { email: [said] } });
    const english = await send("POST", "/api/registration", "en-GB,en;q=0.9", body);
    expect(english.body.message).toBe("The email field is required.");
    // A refusal the service gathers itself (not the schema's) is said in the language too.
    const taken = await send("POST", "/api/registration", "fr", { ...newRegistration(), email: "shopper@example.com" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toEqual([fr["The email has already been taken."]]);
  });

  it("a success message", async () => {
    const body = { phone: "shopper@example.com", password: "password" };
    expect((await send("POST", "/api/login", "fr-FR,fr;q=0.9", body)).body.message).toBe(fr["Login successful."]);
    expect((await send("POST", "/api/login", "de", body)).body.message).toBe("Login successful.");
  });

  it("a cart's refusal and its notes on lines that changed", async () => {
    const [shopper] = await newShoppers(t.dbh, 1);
    const token = shopper?.token as string;
    const variant = await t.dbh.db
      .selectFrom("product_variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["p.id", "v.stock"])
      .where("p.is_active", "=", 1)
      .where("v.size_id", "=", 0)
      .where("v.color_id", "=", 0)
      .where("v.stock", ">=", 3)
      .where("p.id", "not in", (eb) => eb.selectFrom("flash_sale_items").select("product_id"))
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    const setStock = (stock: number) =>
      t.dbh.db.updateTable("product_variants").set({ stock }).where("product_id", "=", variant.id).execute();
    try {
      expect((await send("POST", "/api/cart/store", "ar", { product_id: variant.id, quantity: 3 }, token)).status).toBe(
        200,
      );
      await setStock(1);
      const cart = await send("GET", "/api/carts", "ar", undefined, token);
      const line = envelope(cartData).parse(cart.body).data.cart_items[0]?.products[0];
      expect(cart.body.data.info).toBe(
        fill(ar["Only {{stock}} of {{name}} left in stock; the quantity was reduced to {{stock}}."], {
          stock: 1,
          name: line?.name ?? "",
        }),
      );
      // Asking for more than is left, with some in the cart already, says both counts in Arabic.
      const more = await send("POST", "/api/cart/store", "ar", { product_id: variant.id, quantity: 1 }, token);
      expect(more.status).toBe(422);
      expect(more.body.message).toBe(
        fill(ar["Only {{stock}} left in stock and your cart already has {{inCart}}."], { stock: 1, inCart: 1 }),
      );
      await setStock(0);
      const refused = await send("POST", "/api/cart/store", "ar", { product_id: variant.id, quantity: 1 }, token);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(ar["This product is out of stock."]);
    } finally {
      await setStock(variant.stock);
    }
  });

  it("the rate limit's refusal, with when to try again", async () => {
    const ip = nextIp();
    const message = { name: "Ada", email: "ada@example.com", subject: "Order", message: "Where is my parcel?" };
    for (let i = 0; i < 5; i++)
      expect((await send("POST", "/api/contact-us", "ar", message, undefined, ip)).status).toBe(200);
    const refused = await send("POST", "/api/contact-us", "ar", message, undefined, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "too_many_requests",
      message: fill(ar["{{message}} Please try again in {{minutes}} minutes."], {
        message: ar["Too many requests."] as string,
        minutes: 10,
      }),
    });
    const english = await send("POST", "/api/contact-us", "en", message, undefined, ip);
    expect(english.body.message).toBe("Too many requests. Please try again in 10 minutes.");
  });
});
