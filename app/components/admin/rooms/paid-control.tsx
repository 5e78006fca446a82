import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Switch } from "~/components/ui/switch";
import type { ToastInput } from "~/components/ui/toaster";
import { useHydrated } from "~/utils/hydrated";
import { useActionToast } from "~/components/admin/action-toast";
import { submitEnhanced } from "./submit-enhanced";

/**
 * The paid toggle of a confirmed room: a checkbox ("Payment Received") on the
 * Room Assignments page, a switch on Payment Status. With JavaScript a change
 * is saved at once by a fetcher; without, a Save
 * button sends the same form.
 */
export function PaidControl({
  id,
  isPaid,
  label,
  context,
  kind = "checkbox",
}: {
  id: string;
  isPaid: boolean;
  label: string;
  /** Read after the label by screen readers, e.g. the party and room. */
  context: string;
  kind?: "checkbox" | "switch";
}) {
  const fetcher = useFetcher<{ toast?: ToastInput | null }>();
  useActionToast(fetcher.data);
  const hydrated = useHydrated();
  const controlId = useId();
  const control = useRef<HTMLInputElement>(null);
  // A refused change (e.g. the room is no longer confirmed) puts the box back.
  const answer = fetcher.data;
  const savedRef = useRef(isPaid);
  savedRef.current = isPaid;
  useEffect(() => {
    if (answer?.toast?.type === "error" && control.current) control.current.checked = savedRef.current;
  }, [answer]);
  const Control = kind === "switch" ? Switch : Checkbox;
  return (
    <fetcher.Form
      method="post"
      className="row-form"
      onChange={(event) => submitEnhanced(fetcher, event.currentTarget)}
      onSubmit={(event) => {
        event.preventDefault();
        submitEnhanced(fetcher, event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="mark-paid" />
      <input type="hidden" name="id" value={id} />
      <span className="paid-box">
        {/* Uncontrolled: the box shows the click at once; a new server value remounts it. */}
        <Control ref={control} key={String(isPaid)} id={controlId} name="isPaid" defaultChecked={isPaid} />
        <label htmlFor={controlId} className="paid-label">
          {label}
          <span className="sr-only">{` (${context})`}</span>
        </label>
      </span>
      {hydrated ? null : (
        <Button type="submit" size="sm" variant="outline">
          Save<span className="sr-only">{` payment for ${context}`}</span>
        </Button>
      )}
    </fetcher.Form>
  );
}
