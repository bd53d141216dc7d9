import { describe, expect, it } from "vitest";
import { z } from "zod";
import { pageQuery } from "./common.ts";
import "./zod-messages.ts";

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("zod's own checks in the API's wording", () => {
  const query = z.object(pageQuery).strict();

  it("names the field and its bound", () => {
    expect(firstMessage(query, { per_page: "1000000" })).toBe("The per_page field must not be greater than 100.");
    expect(firstMessage(query, { page: "0" })).toBe("The page field must be at least 1.");
    expect(firstMessage(z.object({ color_id: z.number().positive() }), { color_id: 0 })).toBe(
      "The color_id field must be greater than 0.",
    );
    expect(firstMessage(query, { page: ["1", "2"] })).toBe("The page field must be a number.");
    expect(firstMessage(z.object({ tags: z.array(z.string()).max(2) }), { tags: ["a", "b", "c"] })).toBe(
      "The tags field must not have more than 2 items.",
    );
    expect(firstMessage(z.object({ items: z.array(z.object({ name: z.string() })) }), { items: [{ name: 1 }] })).toBe(
      "The name field must be a string.",
    );
  });

  it("says which keys are not allowed, and what a missing field is", () => {
    expect(firstMessage(query, { "search[]": "x" })).toBe("The search[] field is not allowed.");
    expect(firstMessage(query, { a: 1, b: 2 })).toBe("The fields a, b are not allowed.");
    expect(firstMessage(z.object({ name: z.string() }), {})).toBe("The name field is required.");
    expect(firstMessage(z.object({ kind: z.enum(["a", "b"]) }), { kind: "c" })).toBe("The selected kind is invalid.");
  });

  it("leaves a schema's own message as it is", () => {
    expect(firstMessage(z.object({ n: z.number().max(1, "Too many.") }), { n: 2 })).toBe("Too many.");
  });
});
