import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast, type ToastInput } from "~/components/ui/toaster";
import { exceedsMaximumMessage } from "~/schemas/admin-rooms-assignments";
import { useHydrated } from "~/utils/hydrated";
import { useActionToast } from "~/components/admin/action-toast";
import { submitEnhanced } from "./submit-enhanced";

/**
 * Quantity edited in place (SPEC.md section 5): min 1, max the room type's
 * total units, saved on blur when changed and above 0. The server still
 * checks the inventory; when it refuses, the field goes back to the saved value.
 */
export function QuantityInline({ id, quantity, max, label }: { id: string; quantity: number; max: number; label: string }) {
  const fetcher = useFetcher<{ toast?: ToastInput | null }>();
  useActionToast(fetcher.data);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const savedRef = useRef(quantity);
  savedRef.current = quantity;

  // Once per answer: a refusal puts the saved value back.
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.toast?.type === "error" && input.current) input.current.value = String(savedRef.current);
  }, [answer]);

  function save(form: HTMLFormElement) {
    const field = input.current;
    if (!field) return;
    const value = Number(field.value);
    if (!Number.isInteger(value) || value < 1 || value === quantity) {
      field.value = String(quantity);
      return;
    }
    if (value > max) {
      toast({ type: "error", title: "Error", description: exceedsMaximumMessage(max) });
      field.value = String(quantity);
      return;
    }
    submitEnhanced(fetcher, form);
  }

  return (
    <fetcher.Form
      method="post"
      className="row-form"
      onSubmit={(event) => {
        event.preventDefault();
        save(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="id" value={id} />
      <Input
        ref={input}
        key={quantity}
        aria-label={label}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        required
        defaultValue={quantity}
        className="h-9 w-16 text-sm"
        onBlur={(event) => event.currentTarget.form && save(event.currentTarget.form)}
      />
      {hydrated ? null : (
        <Button type="submit" size="sm" variant="outline">
          Save<span className="sr-only">{` ${label}`}</span>
        </Button>
      )}
    </fetcher.Form>
  );
}
