// The layout feature's public entry: everything the app and other features use of it;
// they import nothing else from features/layout/ (lint:deps).
export { Footer } from "./footer.tsx";
export { Logo, Navbar } from "./navbar.tsx";
export { NotFoundPage } from "./not-found-page.tsx";
export { searchPath } from "./search-box.tsx";
export { TopBar } from "./top-bar.tsx";
export { useDocumentTitle, usePageTitle } from "./use-document-title.ts";
