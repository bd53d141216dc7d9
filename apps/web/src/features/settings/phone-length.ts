import { field, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from "@market/contract";
import { useMemo } from "react";
import type { z } from "zod";
import { useMaster } from "./use-master.ts";

/** The phone lengths the settings allow (`phone_min_length`, `phone_max_length`). */
export function usePhoneLengths(): { min: number; max: number } {
  const { data: master } = useMaster();
  return { min: master?.phone_min_length ?? PHONE_MIN_LENGTH, max: master?.phone_max_length ?? PHONE_MAX_LENGTH };
}

type WithPhone = z.ZodObject<{ phone: z.ZodType<string | null | undefined, unknown> }>;

/**
 * A contract body whose `phone` is also held to the settings' lengths, which the server checks
 * after the contract's rules: a form then says every error at once, a short phone with the rest.
 */
export function useWithPhoneLength<S extends WithPhone>(schema: S): S {
  const { min, max } = usePhoneLengths();
  return useMemo(
    () => schema.extend({ phone: schema.shape.phone.check(field.phoneLength(min, max)) }) as unknown as S,
    [schema, min, max],
  );
}
