/**
 * The first element of query keys that more than one feature shares. Each feature builds its keys in
 * its one key factory (`authKeys`, `orderKeys`, `catalogKeys`, ...) on `keyOf` (api/client.ts); the
 * factories of the features below start their keys with one of these, so one prefix reaches them all.
 */
export const queryScopes = {
  /**
   * The signed-in user's own data (profile, dashboard, orders, addresses): logging out removes it,
   * an order or a verified account refreshes it.
   */
  account: ["account"],
  /** The catalogue's answers: the same for every shopper (favourites come from the cart's own query). */
  catalog: ["catalog"],
} as const;
