const path = require("node:path");

// Import boundaries, checked by `npm run lint:deps`. Server rules first; web rules can be appended
// as another array spread into `forbidden`.

/** @type {import("dependency-cruiser").IForbiddenRuleType[]} */
const serverRules = [
  {
    name: "server-no-foreign-repository",
    comment: "A module calls another module's service, never its repository (docs/style.md).",
    severity: "error",
    from: { path: "^apps/server/src/modules/([^/]+)/" },
    to: { path: "^apps/server/src/modules/[^/]+/[^/]+[.]repository[.]ts$", pathNot: "^apps/server/src/modules/$1/" },
  },
  {
    name: "server-no-repository-outside-modules",
    comment: "Plugins and the app reach the database through services; only db/seed may use repositories.",
    severity: "error",
    from: { path: "^apps/server/src/", pathNot: "^apps/server/src/(modules|db/seed)/" },
    to: { path: "^apps/server/src/modules/[^/]+/[^/]+[.]repository[.]ts$" },
  },
  {
    name: "server-routes-no-repository",
    comment: "Routes parse, call one service and answer: SQL stays behind the service.",
    severity: "error",
    from: { path: "^apps/server/src/.+[.]routes[.]ts$" },
    to: { path: "[.]repository[.]ts$" },
  },
  {
    name: "server-no-cycles",
    comment: "Server modules depend on each other in one direction only.",
    severity: "error",
    from: { path: "^apps/server/src/" },
    to: { circular: true },
  },
];

// Web rules (apps/web/src, checked with apps/web/tsconfig.json; docs/style.md: only app/ composes
// features). A feature's public entry is features/<name>/index.ts; ui/, lib/ and api/ are shared by
// all and know no feature.
const WEB = "^apps/web/src/";
const FEATURE_ENTRY = `${WEB}features/[^/]+/index[.]ts$`;

/** @type {import("dependency-cruiser").IForbiddenRuleType[]} */
const webRules = [
  {
    name: "web-feature-through-entry",
    comment:
      "A feature uses another feature only through its public entry, features/<name>/index.ts: its other files can change freely.",
    severity: "error",
    from: { path: `${WEB}features/([^/]+)/` },
    to: { path: `${WEB}features/`, pathNot: [`${WEB}features/$1/`, FEATURE_ENTRY] },
  },
  {
    name: "web-app-through-entry",
    comment:
      "The app (app/, start.tsx, entry-server.tsx) composes features through their public entries too, so an entry lists all a feature offers (tests may reach fixtures).",
    severity: "error",
    from: { path: `${WEB}(app/|[^/]+$)`, pathNot: "(/__tests__/|[.]test[.]tsx?$)" },
    to: { path: `${WEB}features/`, pathNot: FEATURE_ENTRY },
  },
  {
    name: "web-shared-no-features",
    comment: "ui/, lib/ and api/ are shared by every feature and the app: they never import a feature or the app.",
    severity: "error",
    from: { path: `${WEB}(ui|lib|api)/` },
    to: { path: `${WEB}(features|app)/` },
  },
  {
    name: "web-feature-no-app",
    comment: "The app composes features, not the other way round (a feature's tests may render a route).",
    severity: "error",
    from: { path: `${WEB}features/`, pathNot: "(/__tests__/|[.]test[.]tsx?$)" },
    to: { path: `${WEB}app/` },
  },
  {
    name: "web-no-cycles",
    comment: "No module of the web app depends on itself through others (type-only and lazy imports count).",
    severity: "error",
    from: { path: WEB },
    to: { circular: true },
  },
  {
    name: "web-no-feature-cycles",
    comment:
      "Features depend on each other in one direction only, counting each feature folder as one (cart -> chat, never back).",
    severity: "error",
    scope: "folder",
    from: { path: `${WEB}features/[^/]+$` },
    to: { path: `${WEB}features/[^/]+$`, circular: true },
  },
];

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [...serverRules, ...webRules],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    // absolute: TypeScript resolves `extends` of a relative config name against the wrong folder
    tsConfig: { fileName: path.join(__dirname, "apps/server/tsconfig.json") },
    // workspace packages (@market/contract) resolve through their `exports` map
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "default"] },
  },
};
