import { Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, type ListOfErrors } from "~/components/ui/field";
import { cn } from "~/utils/cn";

/** Form-level messages (e.g. the server's refusal), in a slot that does not make the form jump. */
export function FormErrors({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  return (
    <div aria-live="polite" className="min-h-5">
      <ErrorList id={id} errors={errors} />
    </div>
  );
}

/** True while this page is submitting the given intent (or any form, without one). */
export function useSubmitting(intent?: string) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

/** Cancel (a link back, so it works without JavaScript) and the submit button. */
export function FormActions({
  cancelTo,
  submitLabel,
  busyLabel,
  busy,
  destructive = false,
  className,
}: {
  cancelTo?: string;
  submitLabel: string;
  busyLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end", className)}>
      {cancelTo ? (
        <Link to={cancelTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
      ) : null}
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
