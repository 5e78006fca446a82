/**
 * Conform validates on blur by submitting with a hidden "__intent__" button;
 * only a press of one of the page's own buttons is a real submit (worth a toast).
 */
export function isRealSubmit(submitter: HTMLInputElement | HTMLButtonElement | null): boolean {
  return !!submitter && submitter.name !== "__intent__";
}

/**
 * Without JavaScript a button may post to the page's own address plus
 * "#section", so the answer opens where the guest was, not at the top.
 * With JavaScript nothing reloads, so no anchor is needed.
 */
export function sectionAction(hydrated: boolean, location: { pathname: string; search: string }, section: string) {
  return hydrated ? undefined : `${location.pathname}${location.search}#${section}`;
}
