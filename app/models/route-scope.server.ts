import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Issue 33: the route React Router matched for the loader or action now
 * running, by its id. The entry's instrumentation (app/entry.server.tsx) runs
 * each loader and action inside `withMatchedRoute`, so the role check
 * (app/session.server.ts) reads what the router decided, after its own
 * case-folding and percent-decoding, not the request's path text. Loaders of
 * one request run side by side (a layout's and its page's), each in its own
 * scope.
 */
const matched = new AsyncLocalStorage<string>();

export function withMatchedRoute<T>(routeId: string, fn: () => T): T {
  return matched.run(routeId, fn);
}

/** The id of the route whose loader or action is running, or null outside one. */
export function matchedRouteId(): string | null {
  return matched.getStore() ?? null;
}
