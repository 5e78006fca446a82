// Issue 7.4: the permission matrix (tests/support/permission-matrix.ts): every
// /api route and admin page, called by each role, each cell asserted against
// CONTRACT.md section 3, the whole table printed. The paths as written here;
// the stress suite runs them in other spellings (issue 33).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figure } from "../stress/lib";
import { ROLES, runMatrix, setUpMatrix, tearDownMatrix } from "../support/permission-matrix";

beforeAll(setUpMatrix, 60_000);
afterAll(tearDownMatrix);

describe("the permission matrix (CONTRACT.md section 3)", () => {
  it("every route x every role answers as the contract says", async () => {
    const { printed, wrong, cells, rows, uncovered } = await runMatrix();
    console.log(printed);
    figure("permission matrix: rows x roles", `${rows} x ${ROLES.length} = ${cells} cells`);
    figure("permission matrix: cells not as CONTRACT.md says", wrong.length);
    expect(wrong).toEqual([]);
    expect(uncovered).toEqual([]);
  }, 240_000); // each cell with its own fresh target: allow for a busy machine
});
