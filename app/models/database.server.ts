import { countQueries, dataVersion, db, sqlite } from "../db.server";

/** Opens the database file, which applies the committed migrations (db/migrations). */
export function openDatabase() {
  void db.$client;
}

/** True when the database answers a query: the container's health check. */
export function databaseAnswers() {
  try {
    sqlite().prepare("select 1").get();
    return true;
  } catch {
    return false;
  }
}

/** Changes whenever the data may have changed, for caches of rendered pages (docs/decisions/040). */
export { dataVersion };

/** Counts the SQL statements a request runs (the "no query per row" budget). */
export { countQueries };
