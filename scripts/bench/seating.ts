/*
 * Issue 37's bar, once by hand (not in npm test): the proposer's score on the
 * bar's fixture against the best a 60 s run of the same local search finds
 * with random restarts (each restart: a fresh greedy start, a new seed, ten
 * times the moves). Run: npx tsx scripts/bench/seating.ts [seconds]
 */
import { barFixture } from "../../tests/fixtures/seating/fixture";
import { describe, Plan, propose } from "../../app/models/seating/proposer";

const seconds = Number(process.argv[2] ?? 60);
const f = barFixture();
const start = process.cpuUsage();
const fast = propose(f);
const used = process.cpuUsage(start);
console.log(`proposer: score ${fast.score}, unseated ${fast.unseated.length}, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`);

let best = fast.score;
let restarts = 0;
const until = Date.now() + seconds * 1000;
for (let seed = 1000; Date.now() < until; seed++) {
  const plan = new Plan({ ...f, seed });
  plan.greedy();
  let s = seed;
  plan.search(4000 * plan.units.length, () => ((s = (s * 1103515245 + 12345) % 2147483648), s / 2147483648));
  const p = describe(plan);
  restarts++;
  if (p.unseated.length === 0 && p.score > best) best = p.score;
}
// The score counts 1000 a seated guest: the soft part is what a plan can win or lose.
const seated = 1000 * f.guests.length;
const soft = (score: number) => score - seated;
console.log(`60 s search: ${restarts} restarts, best score ${best}`);
console.log(`soft score: proposer ${soft(fast.score)}, best ${soft(best)}: ${((100 * soft(fast.score)) / soft(best)).toFixed(1)}% of the best`);
