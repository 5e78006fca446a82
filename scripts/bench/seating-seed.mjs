// Issue 37's full-size Seating page for the Lighthouse bench: a dinner with
// 250 guests in 90 parties coming (70 of three, 20 of two), 25 tables of 8 to
// 12 seats, 30 "apart" pairs, the plan proposed and saved, all through the
// API as a host would (the shape of tests/integration/seating.test.ts's bar).

async function api(base, cookie, method, path, body) {
  const res = await fetch(base + path, { method, headers: { Cookie: cookie, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Returns the dinner's path on the Seating page. */
export async function seedSeatingPlan(base, cookie) {
  const post = (path, body) => api(base, cookie, "POST", path, body);
  const dinner = await post("/api/events", { title: "Seating Dinner", date: "Saturday, June 13, 2026", timeFrom: "7:30 PM", timeTo: "10:00 PM" });
  const members = [];
  for (let p = 0; p < 90; p++) {
    const party = await post("/api/parties", { name: `Seating Family ${p + 1}` });
    for (let i = 0; i < (p < 70 ? 3 : 2); i++) members.push((await post(`/api/parties/${party.id}/members`, { firstName: `Guest${i + 1}`, lastName: `Family ${p + 1}`, ageCategory: "adult" })).id);
    await post("/api/rsvps", { partyId: party.id, attending: true });
    await post("/api/event-rsvps", { eventId: dinner.id, partyId: party.id, attending: true });
  }
  for (let t = 0; t < 25; t++) await post("/api/tables", { eventId: dinner.id, name: String(t + 1), seats: 8 + (t % 5), note: t === 0 ? "near the dance floor" : undefined });
  for (let r = 0; r < 30; r++) await post("/api/seating/rules", { eventId: dinner.id, kind: "apart", guestIds: [members[r * 4], members[r * 4 + 125]] });
  const plan = await post("/api/seating/propose", { eventId: dinner.id });
  await post("/api/seating/apply", { eventId: dinner.id, assignments: plan.assignments });
  const path = `/admin/seating?event=${dinner.id}`;
  const html = await (await fetch(base + path, { headers: { Cookie: cookie } })).text();
  console.log(`- /admin/seating: ${members.length} guests, ${plan.assignments.length} seated, ${plan.unseated.length} unseated; HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
  return path;
}
