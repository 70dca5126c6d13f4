// `npm run check:deps`: the import graph stays a tree of layers. Routes use flows for changes and
// modules for pages; flows are short sequences of module calls; modules sit in an order, each using
// only those below it, with the words they share in app/terms (decision 67); nothing imports back
// up; no file imports itself through others. The swc parser sees type-only imports and import()
// too: a cycle is a cycle. (scripts/check-table-owners.js then checks each table has one writer.)

/** The domain modules, lowest first: each may import only those before it. */
const MODULE_LAYERS = [
  "throttle",
  "jobs",
  "audit",
  "media",
  "messages",
  "payments",
  "discounts",
  "backup",
  "contact",
  "inventory",
  "catalog",
  "checkout",
  "cart",
  "import",
  "auth",
  "health",
  "orders",
];
const layerRules = MODULE_LAYERS.map((name, i) => {
  const below = MODULE_LAYERS.slice(0, i);
  return {
    name: `module-layers-${name}`,
    severity: "error",
    comment: `app/modules/${name} may import only ${below.join(", ") || "no other module"}: a step that needs a module above it belongs in a flow (app/flows/).`,
    from: { path: `^app/modules/${name}/`, pathNot: "\\.test\\.tsx?$" },
    to: { path: `^app/modules/(?!(${[...below, name].join("|")})/)` },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "every-module-has-a-layer",
      severity: "error",
      comment: "A new folder under app/modules/ takes its place in MODULE_LAYERS (lowest first).",
      from: {},
      to: { path: `^app/modules/(?!(${MODULE_LAYERS.join("|")})/)` },
    },
    {
      name: "modules-know-nothing-above",
      severity: "error",
      comment:
        "Modules are leaves under the flows: take what a module needs as a parameter typed by the module (or by app/terms), never from a flow, a route, a component or the services.",
      from: { path: "^app/modules/" },
      to: {
        path: "^app/(flows|routes|components)/|^app/(services|boot)\\.server|^app/(root|entry)",
      },
    },
    {
      name: "flows-stay-under-routes",
      severity: "error",
      comment: "Flows are called by routes, jobs and scripts; they know no route or component.",
      from: { path: "^app/flows/" },
      to: { path: "^app/(routes|components)/" },
    },
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
