import type { FetcherWithComponents } from "react-router";

/** Sends a small row form through a fetcher, flagged so the action answers with data, not a redirect. */
export function submitEnhanced(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, form: HTMLFormElement) {
  const formData = new FormData(form);
  formData.set("enhanced", "1");
  fetcher.submit(formData, { method: "post" });
}
