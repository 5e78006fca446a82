import { useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};
/** False during the server render and hydration, true after: no-JS fallbacks key on it. */
export function useHydrated() {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/** Sets data-hydrated on <html> so browser tests can wait for hydration. */
export function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
