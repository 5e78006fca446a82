import type { ProposedRun } from "~/models/shuttle-keep";
import { applyProposal, proposeShuttleRuns } from "~/models/shuttle-proposal.server";
import { createRun, deleteRun, moveTraveller, updateRun } from "~/models/shuttle-runs.server";
import { namedProposal } from "~/models/travel-board.server";
import { applySchema, plannerSettingsSchema, shuttleRunPatchSchema, shuttleRunSchema } from "~/schemas/travel";
import { parseNamed as parseWith } from "./parse-named.server";

/*
 * /admin/travel's forms (issue 26), each through the same model function as
 * its /api route. "Propose" saves nothing: the proposal comes back to the page
 * as one form whose selects move a party and whose boxes lock a run; "Save"
 * sends it to applyProposal like POST /api/shuttle-runs/apply.
 */

export type ProposalRun = ProposedRun;

const num = (v: FormDataEntryValue | null) => (v === null || v === "" ? undefined : Number(v));
const text = (v: FormDataEntryValue | null) => (v === null ? undefined : String(v));

export function propose(form: FormData) {
  const overrides = parseWith(plannerSettingsSchema, {
    bufferMinutes: num(form.get("bufferMinutes")),
    maxWaitMinutes: num(form.get("maxWaitMinutes")),
    seats: num(form.get("seats")),
    leadMinutes: num(form.get("leadMinutes")),
  });
  const proposal = proposeShuttleRuns(overrides);
  return { proposal: { ...namedProposal(proposal), raw: proposal.runs } };
}

/** The proposal as the host left it: each party on the run its select names, runs locked by their box. */
export function proposalFromForm(form: FormData): ProposalRun[] {
  const runs = JSON.parse(String(form.get("proposal") ?? "[]")) as ProposalRun[];
  if (!Array.isArray(runs)) return [];
  const byKey = new Map(runs.map((r) => [r.key, { ...r, partyIds: [] as string[], locked: form.get(`lock:${r.key}`) === "on" }]));
  for (const run of runs) {
    for (const id of run.partyIds ?? []) {
      const target = byKey.get(String(form.get(`move:${run.direction}:${id}`) ?? run.key)) ?? byKey.get(run.key)!;
      target.partyIds.push(id);
    }
  }
  return [...byKey.values()];
}

/** A refused save: the proposal comes back as the host left it (moves and locks kept), to correct and save again. */
export function keptProposal(form: FormData) {
  const runs = proposalFromForm(form);
  return { proposal: { ...namedProposal({ runs, unplaced: [] }), raw: runs }, kept: JSON.stringify(runs) };
}

export function applyFromForm(form: FormData) {
  const runs = proposalFromForm(form).filter((r) => r.partyIds.length || r.id);
  return applyProposal(parseWith(applySchema, { runs: runs.map(({ key: _k, ...r }) => r) }));
}

export function move(form: FormData) {
  const direction = form.get("direction") === "departure" ? "departure" : "arrival";
  return moveTraveller({ travellerId: String(form.get("travellerId") ?? ""), direction, runId: String(form.get("runId") ?? "") });
}

const runFields = (form: FormData) => ({
  date: text(form.get("date")),
  time: text(form.get("time")),
  seats: num(form.get("seats")),
  vehicle: text(form.get("vehicle")),
  driverPhone: text(form.get("driverPhone")),
  note: text(form.get("note")),
  locked: form.get("locked") === "on",
});

export const saveRun = (form: FormData) => updateRun(String(form.get("id") ?? ""), parseWith(shuttleRunPatchSchema, runFields(form)));
export const removeRun = (form: FormData) => deleteRun(String(form.get("id") ?? ""));

export function addRun(form: FormData) {
  const direction = form.get("direction") === "departure" ? "departure" : "arrival";
  const pointId = text(form.get("pointId")) || null;
  return createRun(
    parseWith(shuttleRunSchema, {
      ...runFields(form),
      direction,
      fromPointId: direction === "arrival" ? pointId : null,
      toPointId: direction === "departure" ? pointId : null,
      partyIds: [],
    }),
  );
}
