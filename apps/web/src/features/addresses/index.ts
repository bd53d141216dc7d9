// The addresses feature's public entry: everything the app and other features use of it;
// they import nothing else from features/addresses/ (lint:deps).
// `addressKeys`: the one cache of GET /addresses (the cart's basket address reads it too).
export { AddressBook } from "./address-book.tsx";
export { AddressView, addressLines } from "./address-card.tsx";
export { AddressFormDialog, ChangeAddressDialog } from "./address-dialogs.tsx";
export { AddressForm } from "./address-form.tsx";
export { addressKeys, useAddresses } from "./queries.ts";
