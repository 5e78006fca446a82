import { describe, expect, it } from "vitest";
import { runtimeProblem } from "../../scripts/runtime-check.mjs";

describe("runtimeProblem (decision 073)", () => {
  it("refuses Node 24.19 and later with better-sqlite3 12, naming the way out", () => {
    for (const node of ["v24.19.0", "v24.21.0", "24.30.2"]) {
      const problem = runtimeProblem(node, "12.6.2");
      expect(problem).toContain("nodejs/node#65446");
      expect(problem).toContain("Node 22");
    }
  });

  it("accepts the runtimes without the change, and better-sqlite3 13 anywhere", () => {
    for (const node of ["v20.20.2", "v22.23.3", "v24.18.1", "v24.0.0", "v26.12.1"]) {
      expect(runtimeProblem(node, "12.6.2")).toBeNull();
    }
    expect(runtimeProblem("v24.21.0", "13.2.0")).toBeNull();
  });
});
