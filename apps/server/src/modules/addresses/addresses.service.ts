import { ADDRESSES_MAX, type Address, type AddressBody } from "@market/contract";
import { type DbHandle, writeTransaction } from "../../db/index.ts";
import { lockUser } from "../../db/queries.ts";
import type { DbDeps } from "../../deps.ts";
import { clock } from "../../lib/clock.ts";
import { AppError, fieldError, notFound } from "../../lib/errors.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import * as repo from "./addresses.repository.ts";

// Saved shipping addresses. Exactly one of a user's addresses is the default: the first one
// becomes it, choosing another moves it, and deleting it passes it to the newest remaining one.

export function addressOf(r: repo.AddressRow): Address {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone,
    area: r.area,
    flat_no: r.flat_no,
    post_code: r.post_code,
    address_line: r.address_line,
    address_line2: r.address_line2,
    address_type: r.address_type,
    is_default: r.is_default === 1,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
  };
}

/** The phone's length check with bounds from the settings (digits; a leading + is not counted). */
async function phoneCheck(dbh: DbHandle): Promise<(phone: string) => void> {
  const { phone_min_length: min, phone_max_length: max } = await getSiteSettings({ dbh });
  return (phone) => {
    const digits = phone.replace(/^\+/, "").length;
    if (digits < min || digits > max) {
      throw fieldError("phone", `The phone field must be between ${min} and ${max} digits.`);
    }
  };
}

const fields = (b: AddressBody) => ({
  name: b.name,
  phone: b.phone,
  area: b.area,
  flat_no: b.flat_no,
  post_code: b.post_code,
  address_line: b.address_line,
  address_line2: b.address_line2,
  address_type: b.address_type,
  latitude: b.latitude,
  longitude: b.longitude,
});

export async function listAddresses({ dbh }: DbDeps, userId: number): Promise<Address[]> {
  return (await repo.listAddresses(dbh.db, userId)).map(addressOf);
}

/** The user's address `id`, or undefined when they have none by that id (deleted, or another's). */
export async function findAddress({ dbh }: DbDeps, userId: number, id: number): Promise<Address | undefined> {
  const row = await repo.addressOf(dbh.db, userId, id);
  return row && addressOf(row);
}

export async function getAddress(deps: DbDeps, userId: number, id: number): Promise<Address> {
  const address = await findAddress(deps, userId, id);
  if (!address) throw notFound("Address");
  return address;
}

export async function storeAddress({ dbh }: DbDeps, userId: number, body: AddressBody): Promise<Address> {
  (await phoneCheck(dbh))(body.phone);
  const id = await writeTransaction(dbh, async (trx) => {
    await lockUser(trx, userId, dbh.pg);
    const count = await repo.countAddresses(trx, userId);
    if (count >= ADDRESSES_MAX) throw new AppError(422, `You can save at most ${ADDRESSES_MAX} addresses.`);
    const isDefault = count === 0 || body.is_default === true;
    if (isDefault) await repo.clearDefault(trx, userId);
    const now = clock.iso();
    return repo.insertAddress(trx, {
      ...fields(body),
      user_id: userId,
      is_default: isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
  });
  return getAddress({ dbh }, userId, id);
}

/** Updates an address; `is_default: true` makes it the default, false never leaves the user without one. */
export async function updateAddress({ dbh }: DbDeps, userId: number, id: number, body: AddressBody): Promise<Address> {
  const checkPhone = await phoneCheck(dbh);
  await writeTransaction(dbh, async (trx) => {
    await lockUser(trx, userId, dbh.pg);
    const row = await repo.addressOf(trx, userId, id);
    if (!row) throw notFound("Address");
    checkPhone(body.phone);
    const makeDefault = body.is_default === true && row.is_default !== 1;
    if (makeDefault) await repo.clearDefault(trx, userId);
    await repo.updateAddress(trx, id, {
      ...fields(body),
      ...(makeDefault && { is_default: 1 }),
      updated_at: clock.iso(),
    });
  });
  return getAddress({ dbh }, userId, id);
}

/** Deletes an address and answers the remaining ones; a deleted default passes to the newest. */
export async function deleteAddress({ dbh }: DbDeps, userId: number, id: number): Promise<Address[]> {
  await writeTransaction(dbh, async (trx) => {
    await lockUser(trx, userId, dbh.pg);
    const row = await repo.addressOf(trx, userId, id);
    if (!row) throw notFound("Address");
    await repo.deleteAddress(trx, id);
    if (row.is_default === 1) {
      const next = await repo.newestAddress(trx, userId);
      if (next) await repo.updateAddress(trx, next.id, { is_default: 1 });
    }
  });
  return listAddresses({ dbh }, userId);
}
