const path = require("node:path");

// The web app's run of the root rules (`npm run lint:deps`): the same rules (the web ones are in the
// root config), resolving with the web's tsconfig. The path is absolute: TypeScript resolves a
// relative config's `extends` against the wrong folder.

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  extends: path.join(__dirname, "../../.dependency-cruiser.cjs"),
  options: {
    tsConfig: { fileName: path.join(__dirname, "tsconfig.json") },
  },
};
