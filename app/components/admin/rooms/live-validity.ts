import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useState } from "react";
import type { $ZodType } from "zod/v4/core";
import { useHydrated } from "~/utils/hydrated";

/**
 * Re-checks the whole form on every keystroke, so the submit button can be
 * disabled while anything is invalid (SPEC.md section 5) and form-level
 * messages (e.g. over-booking) show at once. Conform still decides when a
 * field's own message appears (on blur). Without JavaScript nothing is
 * disabled: the server checks and answers with the same messages.
 */
export function useLiveValidity(schema: $ZodType) {
  const hydrated = useHydrated();
  const [state, setState] = useState<{ checked: boolean; valid: boolean; formErrors: string[] }>({
    checked: false,
    valid: true,
    formErrors: [],
  });
  const check = useCallback(
    (form: HTMLFormElement) => {
      const submission = parseWithZod(new FormData(form), { schema });
      const formErrors = submission.status === "error" ? (submission.error?.[""] ?? []) : [];
      setState({ checked: true, valid: submission.status === "success", formErrors });
    },
    [schema],
  );
  const ref = useCallback(
    (form: HTMLFormElement | null) => {
      if (form) check(form);
    },
    [check],
  );
  const onChange = useCallback((event: React.FormEvent<HTMLFormElement>) => check(event.currentTarget), [check]);
  return {
    formProps: { ref, onChange, onInput: onChange },
    disabled: hydrated && state.checked && !state.valid,
    formErrors: state.formErrors,
  };
}
