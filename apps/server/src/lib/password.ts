import { type Algorithm, hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane); Algorithm is a const enum (2 = Argon2id).
const options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False for a wrong password and for a malformed stored hash (never throws on bad input). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
