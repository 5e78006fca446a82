import { AsyncLocalStorage } from "node:async_hooks";
import { actorLabel, type AdminPerson } from "./roles.server";

/**
 * Issue 27: the admin making the current request, so the activity log names
 * the person for every admin write without each route passing it along.
 * server.js runs each request inside `withRequestScope`; the session check
 * (app/session.server.ts) fills the scope once it knows who signed in, and
 * recordActivity reads it. The store is one mutable object per request: a
 * value set deep in an awaited helper is seen by the rest of the request.
 */
type Scope = { person?: AdminPerson };
const scope = new AsyncLocalStorage<Scope>();

export function withRequestScope<T>(fn: () => T): T {
  return scope.run({}, fn);
}

export function setActingPerson(person: AdminPerson) {
  const store = scope.getStore();
  if (store) store.person = person;
}

export function actingPerson(): AdminPerson | null {
  return scope.getStore()?.person ?? null;
}

/** What the activity log writes for an admin's change: the person, else "Host" (a change made outside a request). */
export function actingAdminLabel() {
  const person = actingPerson();
  return person ? actorLabel(person) : "Host";
}
