import { parse, type Submission } from "@conform-to/react";

type Validation = typeof import("./validation");

let loaded: Validation | null = null;
let loading: Promise<Validation> | null = null;

/** Starts loading the schemas (once); a form calls it when the guest first focuses it. */
export function loadValidation() {
  loading ??= import("./validation").then((m) => (loaded = m));
  return loading;
}

type ValidateArgs = { form: HTMLFormElement; formData: FormData; submitter: HTMLInputElement | HTMLButtonElement | null };

/**
 * Conform's `onValidate` with the schemas loaded on first use (issue 16).
 * Loaded: `check` runs at once, as before. Not yet (a press or a blur in the
 * few milliseconds before the module arrives): the submit is held, and once
 * the module is there the same button is pressed again, or the field that
 * lost focus is checked again. Nothing reaches the server unchecked.
 */
export function validateLazily(
  { form, formData, submitter }: ValidateArgs,
  check: (validation: Validation) => Submission<unknown, string[]>,
  revalidate: (name: string) => void,
): Submission<unknown, string[]> {
  if (loaded) return check(loaded);
  const intent = formData.get("__intent__");
  void loadValidation().then(() => {
    if (intent === null) {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined);
      return;
    }
    try {
      const control = JSON.parse(String(intent)) as { type?: string; payload?: { name?: string } };
      if (control.type === "validate" && control.payload?.name !== undefined) revalidate(control.payload.name);
    } catch {
      // Not one of Conform's intents: nothing to check again.
    }
  });
  // An error result with no messages: Conform stops the submit and shows nothing yet.
  return parse(formData, { resolve: () => ({ error: {} }) });
}
