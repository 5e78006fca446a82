import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./scripts/build/precompress";

/**
 * React Router's package exports name its development build under every
 * condition (issue 28). In the browser bundle that kept its dev warnings, which
 * a flag set in the file itself (not NODE_ENV) guards; its production build is
 * the same code with the flag off, so the minifier drops them. Browser build
 * only: the server keeps importing "react-router" (one copy shared with
 * @react-router/node), and server.js's resolve hook picks the production
 * build there.
 */
function reactRouterProductionInBrowser(): Plugin {
  const file = (name: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));
  const targets: Record<string, string> = { "react-router": file("index.mjs"), "react-router/dom": file("dom-export.mjs") };
  return {
    name: "react-router-production-in-browser",
    apply: "build",
    enforce: "pre",
    resolveId(source, _importer, options) {
      if (options?.ssr || this.environment?.name === "ssr") return null;
      return targets[source] ?? null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionInBrowser(), tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  // The guest pages' form primitives in one browser chunk: six files of under
  // 1 KB each cost more in response headers than in code (issue 28's budget).
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "form-primitives", test: /app[\\/]components[\\/]ui[\\/](checkbox|field|input|label|select|switch)\.tsx$/ }] } },
        },
      },
    },
  },
});
