// The seller sign-up feature's public entry: everything the app and other features use of it;
// they import nothing else from features/seller-signup/ (lint:deps).
export { ShopRegisterForm } from "./shop-register-form.tsx";
