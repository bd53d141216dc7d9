import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { registrationBody, resetPasswordBody } from "./auth.ts";
import { vouchersQuery } from "./cart.ts";
import { sendMessageBody } from "./chat.ts";
import { contactUs } from "./content.ts";
import * as field from "./fields.ts";
import { addressBody } from "./orders.ts";
import { productBody } from "./seller-products.ts";
import { supportTicketBody } from "./support.ts";

/** The first message of each field, as the server answers and a form shows it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("field builders", () => {
  it("words text errors as the API does", () => {
    const name = field.text("name", 5);
    expect(messages(name, undefined)).toEqual({ "": "The name field is required." });
    expect(messages(name, "   ")).toEqual({ "": "The name field is required." });
    expect(messages(name, 7)).toEqual({ "": "The name field must be a string." });
    expect(messages(name, "abcdef")).toEqual({ "": "The name field must not be greater than 5 characters." });
    expect(messages(name, "a\u0000b")).toEqual({ "": "The name field must not contain control characters." });
    expect(name.parse("  Ada ")).toBe("Ada");
  });

  it("says 'required' before 'at least' for an empty text with a minimum", () => {
    const result = field.text("shop name", 100, 2).safeParse("");
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "The shop name field is required.",
      "The shop name field must be at least 2 characters.",
    ]);
    expect(messages(field.text("shop name", 100, 2), "x")).toEqual({
      "": "The shop name field must be at least 2 characters.",
    });
  });

  it("reads a blank optional text as null", () => {
    const area = field.optionalText("area", 10);
    expect(area.parse(undefined)).toBeNull();
    expect(area.parse(null)).toBeNull();
    expect(area.parse("  ")).toBeNull();
    expect(area.parse(" Navy Yard ")).toBe("Navy Yard");
  });

  it("lets a phone of its own start with +, and a phone beside its code be digits only", () => {
    expect(field.phone().parse("+15550102030")).toBe("+15550102030");
    expect(messages(field.phone(), "555-0101")).toEqual({ "": "The phone field must contain only digits." });
    expect(messages(field.nationalPhone(), "+15550102030")).toEqual({
      "": "The phone field must contain only digits.",
    });
    expect(field.optionalPhone().parse("")).toBeNull();
    expect(messages(field.optionalNationalPhone(), "12ab")).toEqual({
      "": "The phone field must contain only digits.",
    });
    expect(messages(field.optionalPhoneCode(), "UK")).toEqual({
      "": "The phone code field must be a dialling code like +1.",
    });
  });

  it("checks the settings' phone length in digits, not counting a leading +", () => {
    const phone = field.phone().check(field.phoneLength(9, 16));
    expect(phone.parse("+123456789")).toBe("+123456789");
    expect(messages(phone, "+12345678")).toEqual({ "": "The phone field must be between 9 and 16 digits." });
  });

  it("reads ids from JSON numbers, and from digits where text carries them", () => {
    expect(messages(field.id("product_id"), undefined)).toEqual({ "": "The product_id field is required." });
    expect(messages(field.id("product_id"), "5")).toEqual({ "": "The product_id field must be a number." });
    // An emptied number input (NaN from the form) is a missing value, not a wrong one.
    expect(messages(field.id("product_id"), Number.NaN)).toEqual({ "": "The product_id field is required." });
    const emptied = messages(productBody, { price: Number.NaN, variants: [{ stock: Number.NaN }] });
    expect(emptied.price).toBe("The price field is required.");
    expect(emptied["variants.0.stock"]).toBe("The stock field is required.");
    expect(messages(field.id("product_id"), 0)).toEqual({ "": "The product_id field must be a positive id." });
    expect(field.idFromText("shop_id").parse("5")).toBe(5);
    expect(messages(field.idFromText("shop_id"), "")).toEqual({ "": "The shop_id field is required." });
    expect(messages(field.idFromText("shop_id"), "abc")).toEqual({ "": "The shop_id field must be a number." });
    expect(messages(field.idFromText("issue type", "The selected issue type is invalid."), "0")).toEqual({
      "": "The selected issue type is invalid.",
    });
  });

  it("takes a flag as true/false or 1/0 only", () => {
    expect(field.flag("is default").parse(1)).toBe(true);
    expect(messages(field.flag("is default"), "1")).toEqual({ "": "The is default field must be true or false." });
  });

  it("bounds a search and reads a blank one as none", () => {
    expect(field.search().parse("  ")).toBeUndefined();
    expect(messages(field.search(), "x".repeat(101))).toEqual({
      "": "The search field must not be greater than 100 characters.",
    });
  });
});

describe("bodies built from them", () => {
  it("registration, contact and ticket fields name their field", () => {
    expect(messages(registrationBody, {})).toMatchObject({
      name: "The name field is required.",
      phone: "The phone field is required.",
      email: "The email field is required.",
      password: "The password field is required.",
      country: "The country field is required.",
      phone_code: "The phone code field is required.",
    });
    expect(messages(contactUs, { name: "", email: "no", subject: "Hi", message: "x".repeat(2001) })).toEqual({
      name: "The name field is required.",
      email: "The email field must be a valid email address.",
      message: "The message field must not be greater than 2000 characters.",
    });
    expect(messages(supportTicketBody, { message: "Hi", email: "a@b.co", phone: "+4420" })).toEqual({
      issue_type: "The issue type field is required.",
    });
  });

  it("an address takes a leading + in its phone", () => {
    const address = { name: "Ada", phone: "+15550102030", address_line: "1 Road", address_type: "home" };
    expect(addressBody.parse(address).phone).toBe("+15550102030");
    expect(messages(addressBody, { ...address, address_type: "moon" })).toEqual({
      address_type: "The address type field must be one of home, office, other.",
    });
  });

  it("a reset's confirmation must match, with the spec's message", () => {
    const body = { password: "new-password-1", password_confirmation: "new-password-2", token: "t" };
    expect(messages(resetPasswordBody, body)).toEqual({ password_confirmation: "Confirm Password does not match." });
  });

  it("query ids accept digits and name the field", () => {
    expect(vouchersQuery.parse({ shop_id: "3" })).toEqual({ shop_id: 3 });
    expect(messages(vouchersQuery, {})).toEqual({ shop_id: "The shop_id field is required." });
    expect(messages(sendMessageBody, { shop_id: "abc", message: "hi" })).toEqual({
      shop_id: "The shop_id field must be a number.",
    });
  });
});
