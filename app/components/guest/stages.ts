import { lazy } from "react";

/*
 * The guest pages' stages that a visit shows one of (issue 28): the sign-in
 * cards, the choice between two invitations and the thank-you page. Each is a
 * module of its own, asked for when a page shows it, so a signed-in party's
 * form or My RSVP does not download the sign-in cards (or /rsvp's form the
 * thank-you page's travel card), and the sign-in page not the form.
 *
 * No <Suspense> around them, on purpose: on the server a lazy component
 * outside a boundary is part of the shell, which React waits for, so the
 * HTML is whole for a guest without JavaScript; in the browser, hydration
 * waits for the module, and a navigation (a transition) keeps the page shown
 * until it is there.
 */
const RETRIES = 2;

/**
 * A stage's module, asked for again if the connection drops it. If it never
 * comes: while React is still starting, the page stays the server's (every
 * form works as without JavaScript) instead of React's error page; after,
 * a navigation waiting for it becomes a full page load, which the server
 * renders whole.
 */
function resilient<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load();
      } catch (error) {
        if (typeof window === "undefined") throw error;
        if (attempt < RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, 400 * (attempt + 1)));
          continue;
        }
        if (document.documentElement.dataset.hydrated === "true") window.location.reload();
        return new Promise<T>(() => {});
      }
    }
  };
}

export const SignInCard = lazy(resilient(() => import("./sign-in-card").then((m) => ({ default: m.SignInCard }))));
export const SignInCodeCard = lazy(resilient(() => import("./sign-in-code-card").then((m) => ({ default: m.SignInCodeCard }))));
export const SwitchInvitationCard = lazy(
  resilient(() => import("./switch-invitation-card").then((m) => ({ default: m.SwitchInvitationCard }))),
);

/** The thank-you page; also asked for while the form is being sent, so it is there when the answer is. */
export const loadRsvpSuccess = () => import("./rsvp-success");
export const RsvpSuccessStage = lazy(resilient(() => loadRsvpSuccess().then((m) => ({ default: m.RsvpSuccessStage }))));
