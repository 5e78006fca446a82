/**
 * The layering of the README's folder map, checked on every `npm test`
 * (`npm run check:layers`). Read each rule as a sentence of that map.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const DATABASE = "^(app/db\\.server\\.ts|db/|node_modules/(better-sqlite3|drizzle-orm)/)";
const WEB_LAYER = "^(app/session\\.server\\.ts|app/routes/|app/root\\.tsx|app/entry\\.server\\.tsx|app/startup\\.server\\.ts|app/utils/api\\.server\\.ts|app/utils/rate-limit\\.server\\.ts|node_modules/(react-router|@react-router)/)";

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "A cycle means two modules can't be read one after the other.",
      severity: "error",
      from: {},
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "components-are-ui",
      comment: "Components are UI only: no models, database or sessions (an `import type` of a model's type is fine).",
      severity: "error",
      from: { path: "^app/components/" },
      to: {
        path: `^(app/models/|app/session\\.server\\.ts)|${DATABASE}|\\.server\\.tsx?$`,
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-server-code-in-components",
      comment: "A page's server code sits beside its route; a rule sits in a model.",
      severity: "error",
      from: { path: "^app/components/.*\\.server\\.tsx?$" },
      to: {},
    },
    {
      name: "models-are-the-domain",
      comment: "Models take plain data and return plain data: they never reach up into the web layer or the UI.",
      severity: "error",
      from: { path: "^app/models/" },
      to: { path: `${WEB_LAYER}|^app/components/` },
    },
    {
      name: "only-models-touch-the-database",
      comment: "The models are the only code that touches the database.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/(models/|db\\.server\\.ts)" },
      to: { path: DATABASE, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "nothing-imports-a-route-module",
      comment: "Route modules are leaves (React Router loads them); only their *.server.ts parts are shared, and only among routes.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^app/routes/", pathNot: "\\.server\\.ts$" },
    },
    {
      name: "route-server-parts-stay-in-routes",
      comment: "Nothing below the routes (models, components, schemas, utils) depends on a route's server part.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/routes/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "schemas-are-shared-shapes",
      comment: "Schemas are shared by page, action and /api route, so they depend on no layer.",
      severity: "error",
      from: { path: "^app/schemas/" },
      to: { path: `^(app/models/|app/components/)|${WEB_LAYER}|${DATABASE}`, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)\\.react-router/|\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
