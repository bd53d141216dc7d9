import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import type { ConfigEnv, Plugin } from "vite";
import { defineConfig } from "vitest/config";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const i18nShim = fileURLToPath(new URL("./src/features/i18n/react-i18next.ts", import.meta.url));
const lightHook = fileURLToPath(new URL("./src/features/i18n/use-translation.ts", import.meta.url));

/** The app's imports of `react-i18next` get its lighter useTranslation (src/features/i18n/use-translation.ts). */
const lightTranslation: Plugin = {
  name: "light-use-translation",
  enforce: "pre",
  resolveId(source, importer) {
    if (source !== "react-i18next" || !importer || importer.includes("/node_modules/")) return null;
    if (importer.startsWith(i18nShim) || importer.startsWith(lightHook)) return null;
    return i18nShim;
  },
};

/**
 * React Router's production build in builds: its package exports only its development build, dev
 * warnings and all, whatever the mode (remix-run/react-router#14102). Same code, without them.
 */
const routerProduction: Plugin = {
  name: "react-router-production",
  apply: "build",
  enforce: "pre",
  async resolveId(source, importer, options) {
    if (source !== "react-router" && source !== "react-router/dom") return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && { ...resolved, id: resolved.id.replace("/dist/development/", "/dist/production/") };
  },
};

/** The browser's build, not the server render's (`vite build --ssr`, into dist-server/). */
const clientBuild = (_config: unknown, env: ConfigEnv) => env.command === "build" && !env.isSsrBuild;

/**
 * Brotli (best) and gzip copies of the built scripts and styles beside them, which the server sends
 * as they are (@fastify/static `preCompressed`): smaller than compressing on each request allows.
 */
const precompress: Plugin = {
  name: "precompress-assets",
  apply: clientBuild,
  async writeBundle(options, bundle) {
    const dir = options.dir ?? "dist";
    await Promise.all(
      Object.keys(bundle)
        .filter((file) => /\.(js|css)$/.test(file))
        .map(async (file) => {
          const full = path.join(dir, file);
          const data = await fs.readFile(full);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
    );
  },
};

// Each group takes its modules with all their static imports: the entry's whole static graph is what
// the first render needs; the storefront group, the layout and home with what they import (the
// catalogue's shared parts); the product list's and a product page's own parts come in a chunk each,
// fetched beside the storefront's. The dialogs' and menus' Radix parts load when first used
// (ui/dialog.tsx, ui/dropdown.tsx) and so does the category menu's (features/layout/category-menu.tsx),
// so they stay out; so do the form fields (ui/fields.tsx, ui/image-field.tsx, ui/photo-picker.tsx) and
// the rich-text editor (ui/rich-text.tsx, with TipTap and ProseMirror), which only forms use. A module
// the group names takes its static imports with it whether or not the storefront imports it: a heavy
// one left in the group costs every first page (issue 18: the editor and zod had put ~160 KB there).
const APP_MODULES = /[\\/]src[\\/]start\.tsx$/;
const STOREFRONT_MODULES =
  /[\\/]src[\\/](app[\\/]layouts[\\/]default-layout|app[\\/]routes[\\/]home\.|features[\\/]layout[\\/](?!category-menu-panel)|ui[\\/](?!dialog-panel|dropdown-menu|fields|image-field|photo-picker|rich-text))/;
const PRODUCTS_MODULES = /[\\/]src[\\/]app[\\/]routes[\\/]products\./;
const PRODUCT_PAGE_MODULES = /[\\/]src[\\/]app[\\/]routes[\\/]product-details\./;
/** A feature's public entry (features/<name>/index.ts): re-exports only, so free of side effects. */
const FEATURE_ENTRY = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * `.vite/module-chunks.json`: the chunk file of each app module, as the server needs it to preload a
 * page's route modules (the manifest names only chunks that start at a module of their own).
 */
const moduleChunks: Plugin = {
  name: "module-chunks",
  apply: clientBuild,
  generateBundle(_options, bundle) {
    const root = path.dirname(fileURLToPath(import.meta.url));
    const owners: Record<string, string> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== "chunk") continue;
      for (const id of chunk.moduleIds)
        if (id.startsWith(`${root}/src/`)) owners[path.relative(root, id)] = chunk.fileName;
    }
    this.emitFile({ type: "asset", fileName: ".vite/module-chunks.json", source: JSON.stringify(owners) });
  },
};

export default defineConfig({
  plugins: [lightTranslation, routerProduction, tailwindcss(), precompress, moduleChunks],
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/media": "http://localhost:3000",
      "/app": { target: "ws://localhost:3000", ws: true },
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    // The server preloads each page's route chunks from it (apps/server/src/modules/seo/boot.ts).
    manifest: true,
    rollupOptions: {
      // What an importer does not use of a feature's public entry is not loaded at all (rolldown's lazy
      // barrel: the entries are declared free of side effects), so the chunk groups below do not take
      // it in with the importer: the app's start stays as small as with imports of the modules themselves.
      treeshake: { moduleSideEffects: (id) => !FEATURE_ENTRY.test(id) },
      experimental: { lazyBarrel: true },
      // Libraries' "use client" markers mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
      output: {
        // Fewer, larger chunks on the storefront's path: each request costs a round trip on a phone,
        // and left alone the bundler splits ~30 chunks of 1-4 KB there. Everything the first render
        // needs, then the storefront layout with home, the product list and a product page (see the
        // groups above; dynamic imports, e.g. the cart drawer and the chat panel, stay chunks of their own).
        codeSplitting: {
          groups: [
            // index.html's entry imports only this helper, so the app is evaluated when the entry starts it
            { name: "preload-helper", test: /vite[\\/]preload-helper/, priority: 30 },
            // React and React DOM, evaluated a task before the app (main.tsx)
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 25 },
            { name: "app", test: APP_MODULES, priority: 20 },
            { name: "storefront", test: STOREFRONT_MODULES, priority: 10 },
            { name: "products", test: PRODUCTS_MODULES, priority: 5 },
            { name: "product-page", test: PRODUCT_PAGE_MODULES, priority: 5 },
          ],
        },
      },
    },
  },
  test: { name: "web", environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"], setupFiles: ["./src/test-setup.ts"] },
});
