// Issue 33 finding 1: the router matches paths without regard to letter case
// and after percent-decoding, so every route of the permission matrix is
// called again in other spellings (/API/TEAM, /aPi/tEaM, /%61%70%69/...) by
// every role (owner, co-host, viewer, disabled helper, two parties, an
// individual guest, nobody): each cell must get the answer the path as written
// gets, and a viewer no guest credential. The tables are printed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figure } from "./lib";
import { ROLES, runMatrix, setUpMatrix, SPELLINGS, tearDownMatrix } from "../support/permission-matrix";

beforeAll(setUpMatrix, 60_000);
afterAll(tearDownMatrix);

describe("the permission matrix in every spelling of the paths", () => {
  for (const spell of SPELLINGS.filter((s) => s !== "as-written")) {
    it(`answers as written with the paths ${spell}`, async () => {
      const { printed, wrong, cells, rows } = await runMatrix(spell);
      console.log(printed);
      figure(`permission matrix, paths ${spell}: rows x roles`, `${rows} x ${ROLES.length} = ${cells} cells`);
      figure(`permission matrix, paths ${spell}: wrong cells`, wrong.length);
      expect(wrong).toEqual([]);
    }, 300_000);
  }
});
