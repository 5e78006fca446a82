import { useLocation } from "react-router";

type Changes = Record<string, string | number | null | undefined>;

/**
 * The current page's URL with some query parameters set or removed. Dialogs
 * keep their open state in the URL (`?edit=ID`, `?new=1`) so they also work,
 * as plain sections, without JavaScript.
 */
export function hrefWith(location: { pathname: string; search: string }, changes: Changes) {
  const params = new URLSearchParams(location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

export function useHrefWith() {
  const location = useLocation();
  return (changes: Changes) => hrefWith(location, changes);
}

/** Where an action sends the host back to: the same page, its dialog parameters dropped. */
export function urlWithout(requestUrl: string, keys: string[]) {
  const url = new URL(requestUrl);
  for (const key of [...keys, "index", "_data"]) url.searchParams.delete(key);
  return hrefWith(url, {});
}

/** Which of a list's dialogs the URL opens: `?new=1`, `?edit=ID`, `?delete=ID`. */
export function crudDialogs<Row extends { id: string }>(requestUrl: string | URL, rows: Row[]) {
  const url = typeof requestUrl === "string" ? new URL(requestUrl) : requestUrl;
  const find = (id: string | null) => (id ? (rows.find((row) => row.id === id) ?? null) : null);
  return {
    adding: url.searchParams.has("new"),
    editing: find(url.searchParams.get("edit")),
    deleting: find(url.searchParams.get("delete")),
  };
}
