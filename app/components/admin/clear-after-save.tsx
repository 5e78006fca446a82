import { useEffect, useRef, type FormEvent } from "react";
import { useActionData, useNavigation, useRouteLoaderData } from "react-router";

type Answer = { toast?: { type?: string } | null; result?: { status?: string } | null } | null | undefined;

/**
 * An "add" form whose save is answered by a redirect: without JavaScript the
 * page comes back fresh and the form empty; with it, React Router keeps the
 * page mounted and the fields kept what was typed, so a second click added
 * the same thing twice (issue 36.3). This empties the form once its own
 * submission has landed, unless the answer was an error (a toast or a
 * conform result saying so), when what was typed stays to be corrected.
 * `onSubmit` goes last on the form (after conform's, which may stop it).
 */
export function useClearAfterSave() {
  const ref = useRef<HTMLFormElement>(null);
  const sent = useRef<"armed" | "in-flight" | null>(null);
  const navigation = useNavigation();
  const root = useRouteLoaderData("root") as Answer;
  const answer = useActionData() as Answer;
  const failed = root?.toast?.type === "error" || answer?.toast?.type === "error" || answer?.result?.status === "error";
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (sent.current === "armed") sent.current = "in-flight";
      return;
    }
    if (sent.current !== "in-flight") return;
    sent.current = null;
    if (!failed) ref.current?.reset();
  }, [navigation.state, failed]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!event.defaultPrevented) sent.current = "armed";
  };
  return { ref, onSubmit };
}
