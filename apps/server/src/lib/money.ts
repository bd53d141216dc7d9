/** Minor units (cents) to the wire's major units with two decimals. */
export const toMajor = (minor: number): number => Math.round(minor) / 100;
/** Major units from a client (e.g. a price filter) to minor units. */
export const toMinor = (major: number): number => Math.round(major * 100);
