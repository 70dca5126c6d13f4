// `npm run check:deps`: the import graph stays a tree of layers. Routes use modules, modules use
// the database and the shared helpers, and nothing imports back up; no file imports itself
// through others. The swc parser sees type-only imports and import() too: a cycle is a cycle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "Files that import each other: move the shared piece into a file both can import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lower-layers-know-no-modules",
      severity: "error",
      comment:
        "db/, utils/ and components/ sit below the domain modules: move what they need down, or into the module that owns it.",
      from: { path: "^app/(db|utils|components|terms)/" },
      to: { path: "^app/modules/" },
    },
    {
      name: "terms-are-a-leaf",
      severity: "error",
      comment:
        "app/terms/ holds the words every layer shares (money, phone numbers, order references, states, categories): it imports only the message catalogue, so anything may import it.",
      from: { path: "^app/terms/" },
      to: { path: "^app/", pathNot: "^app/(terms|i18n)/" },
    },
    {
      name: "nothing-imports-routes",
      severity: "error",
      comment: "Routes are the top layer: only the route table and other routes may import them.",
      from: { path: "^app/(db|utils|components|modules)/" },
      to: { path: "^app/routes/" },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser's own parser: swc parses instead.
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
  },
};
