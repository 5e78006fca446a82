import { useFetchers, useNavigation, useRevalidator } from "react-router";

/** True while a page form with this intent (and id) is being sent, or its redirect is loading. */
export function usePendingIntent(intent: string, id?: string) {
  const navigation = useNavigation();
  const formData = navigation.formData;
  return (
    navigation.state !== "idle" &&
    formData?.get("intent") === intent &&
    (id === undefined || formData.get("id") === id)
  );
}

/**
 * True while the page's data is being read again: after a filter link, or
 * after a paid toggle or quantity change (a fetcher, then its reload).
 */
export function useRevalidating() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  return (
    (navigation.state === "loading" && !navigation.formData) ||
    fetchers.some((f) => f.state === "loading") ||
    revalidator.state === "loading"
  );
}
