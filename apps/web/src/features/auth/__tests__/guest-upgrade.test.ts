import { describe, expect, it } from "vitest";
import { fromContact } from "../guest-upgrade.tsx";

const countries = [
  { id: 1, name: "United States", code: "US", phone_code: "+1" },
  { id: 2, name: "Antigua and Barbuda", code: "AG", phone_code: "+1268" },
  { id: 3, name: "United Kingdom", code: "GB", phone_code: "+44" },
];

describe("the upgrade form starts from the guest's checkout contact", () => {
  it("takes an email as the email", () => {
    expect(fromContact(" Gina@Example.NET ", countries)).toEqual({ email: "gina@example.net" });
  });

  it("splits an international number into its country (the longest code) and the national number", () => {
    expect(fromContact("+44 7700 900123", countries)).toEqual({
      country: "United Kingdom",
      phone_code: "+44",
      phone: "7700900123",
    });
    expect(fromContact("+1268 464 1234", countries)).toMatchObject({
      country: "Antigua and Barbuda",
      phone: "4641234",
    });
  });

  it("reads 00 as +, keeps a number of an unknown code as it is, and ignores what is not a contact", () => {
    expect(fromContact("0044 7700 900123", countries)).toMatchObject({
      country: "United Kingdom",
      phone: "7700900123",
    });
    expect(fromContact("+999 123 4567", countries)).toEqual({ phone: "9991234567" });
    // Checkout no longer takes a number without its code; one kept from before it names no country.
    expect(fromContact("0170 1234567", countries)).toEqual({});
    expect(fromContact("not a contact", countries)).toEqual({});
  });
});
