import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { testI18n } from "../test-utils.ts";
import { useContractResolver } from "./contract-resolver.ts";

const schema = z
  .object({
    name: z.string().min(1, "The name field is required."),
    charge: z.number().max(100_000, "The delivery charge field must not be greater than 100000."),
    count: z.number().max(9, "Fewer, please."),
    note: z.string().max(3, "Shorter, please."),
    quantity: z.number().max(9),
    variants: z.array(z.object({ stock: z.number().min(0, "The price field must be a number.") })),
    price: z.number(),
    discount: z.number(),
  })
  .refine((v) => v.discount < v.price, {
    message: "The discount price must be lower than the price.",
    path: ["discount"],
  })
  .refine(() => false, { message: "Words of the form's own", path: ["price"] });

async function errorsIn(lng: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={testI18n(lng)}>{children}</I18nextProvider>
  );
  const { result } = renderHook(() => useContractResolver(schema), { wrapper });
  const values = {
    name: "",
    charge: 200_000,
    count: 10,
    note: "long",
    quantity: 10,
    variants: [{ stock: 1 }, { stock: -1 }],
    price: 5,
    discount: 9,
  };
  // biome-ignore lint/suspicious/noExplicitAny: the errors are read by path
  const { errors } = (await result.current(values, undefined, { fields: {}, shouldUseNativeValidation: false })) as any;
  return errors;
}

describe("the contract resolver", () => {
  it("says the contract's English messages as the server does, nested fields and refinements too", async () => {
    const errors = await errorsIn("ar");
    expect(errors.name.message).toBe("حقل الاسم مطلوب.");
    expect(errors.charge.message).toBe("يجب ألا تزيد رسوم التوصيل عن 100000.");
    expect(errors.variants[1].stock.message).toBe("يجب أن يكون حقل السعر رقمًا.");
    expect(errors.discount.message).toBe("يجب أن يكون سعر الخصم أقل من السعر.");
    // What the catalogue lacks: by its kind, a number too large is not "too long".
    expect(errors.count.message).toBe("هذا الرقم أكبر من المسموح.");
    expect(errors.note.message).toBe("هذا النص أطول من المسموح.");
    // A check the schema gives no message of its own is worded the API's way (zod-messages.ts).
    expect(errors.quantity.message).toBe("يجب ألا تزيد الكمية عن 9.");
    expect(errors.price.message).toBe("Words of the form's own");
  });

  it("keeps a form's own message already said in its language, whatever the kind of problem", async () => {
    const i18n = testI18n("fr");
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const own = i18n.t("auth.country_required");
    const { result } = renderHook(() => useContractResolver(z.object({ country: z.string().min(1, own) })), {
      wrapper,
    });
    const { errors } = await result.current({ country: "" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(own).toBe("Le champ pays est obligatoire");
    // not the generic "Ce champ est obligatoire." of a too_small empty field
    expect(errors.country?.message).toBe(own);
  });

  it("leaves English as the contract says it", async () => {
    const errors = await errorsIn("en");
    expect(errors.name.message).toBe("The name field is required.");
    expect(errors.variants[1].stock.message).toBe("The price field must be a number.");
  });
});
