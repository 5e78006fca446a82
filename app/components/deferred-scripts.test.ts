import { describe, expect, it } from "vitest";
import { compactManifest } from "./deferred-scripts";

const manifest = {
  entry: { module: "/assets/entry.client-Bm1DoJki.js", imports: ["/assets/jsx-runtime-Dh0gvPtC.js"], css: [] },
  routes: { root: { id: "root", path: "", hasLoader: true, module: "/assets/root-CmjP4ziI.js" } },
  version: "b3d0e3cf",
};
const boot = (json: string) =>
  `import * as route0 from "/assets/root-CmjP4ziI.js";\n  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-Bm1DoJki.js");`;

describe("compactManifest", () => {
  it("writes React Router's indented manifest compactly and keeps the rest of the boot module", () => {
    const pretty = boot(JSON.stringify(manifest, null, 2));
    const compact = compactManifest(pretty);
    expect(compact.length).toBeLessThan(pretty.length);
    expect(compact).toBe(boot(JSON.stringify(manifest)));
  });

  it("keeps a value from closing the script", () => {
    const out = compactManifest(boot(JSON.stringify({ ...manifest, version: "</script><b>&" }, null, 2)));
    expect(out).not.toContain("</script>");
    const json = /__reactRouterManifest = (.*);\n/.exec(out)![1];
    expect(JSON.parse(json).version).toBe("</script><b>&");
  });

  it("leaves a module it does not understand as it was", () => {
    for (const text of ['import("/assets/x.js");', boot("{not json"), "window.__reactRouterManifest = {"]) {
      expect(compactManifest(text)).toBe(text);
    }
  });
});
