import { z } from "zod";

// zod's own texts for the checks a schema gives no message of its own ("Too big: expected number to
// be <=100") said in the API's wording, naming the field, so the message catalogues can say them too.

/** The field an issue is about, as its messages name it: the last key of its path that is not an index. */
const fieldOf = (path: readonly PropertyKey[] | undefined) =>
  String(path?.findLast((key) => typeof key === "string") ?? "body");

const TYPE_MESSAGES: Record<string, (field: string) => string> = {
  number: (field) => `The ${field} field must be a number.`,
  int: (field) => `The ${field} field must be an integer.`,
  string: (field) => `The ${field} field must be a string.`,
  boolean: (field) => `The ${field} field must be true or false.`,
  array: (field) => `The ${field} field must be a list.`,
  object: (field) => `The ${field} field must be an object.`,
};

z.config({
  customError: (iss) => {
    const field = fieldOf(iss.path);
    switch (iss.code) {
      case "unrecognized_keys": {
        const keys = iss.keys.join(", ");
        return iss.keys.length === 1 ? `The ${keys} field is not allowed.` : `The fields ${keys} are not allowed.`;
      }
      case "invalid_type": {
        if (iss.input === undefined || iss.input === null) return `The ${field} field is required.`;
        return TYPE_MESSAGES[iss.expected]?.(field) ?? `The ${field} field is invalid.`;
      }
      case "invalid_value":
        return `The selected ${field} is invalid.`;
      case "too_big": {
        const max = String(iss.maximum);
        if (iss.origin === "string") return `The ${field} field must not be greater than ${max} characters.`;
        if (iss.origin === "array") return `The ${field} field must not have more than ${max} items.`;
        return `The ${field} field must not be greater than ${max}.`;
      }
      case "too_small": {
        const min = String(iss.minimum);
        if (iss.origin === "string") return `The ${field} field must be at least ${min} characters.`;
        if (iss.origin === "array") return `The ${field} field must have at least ${min} items.`;
        // .positive(): above 0, not "at least 0"
        if (!iss.inclusive) return `The ${field} field must be greater than ${min}.`;
        return `The ${field} field must be at least ${min}.`;
      }
      default:
        return `The ${field} field is invalid.`;
    }
  },
});
