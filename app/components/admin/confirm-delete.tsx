import { Form } from "react-router";
import { FormActions, FormErrors, useSubmitting } from "./form-parts";
import { UrlDialog } from "./url-dialog";

/**
 * "Are you sure?" for a delete: a dialog with JavaScript, a confirmation
 * section without. Posts `intent` (default "delete") and `fields` to the page's action.
 */
export function ConfirmDelete({
  open,
  closeTo,
  title,
  message,
  fields,
  intent = "delete",
  confirmLabel = "Delete",
  busyLabel = "Deleting...",
  error,
}: {
  open: boolean;
  closeTo: string;
  title: string;
  message: React.ReactNode;
  fields: Record<string, string>;
  intent?: string;
  confirmLabel?: string;
  busyLabel?: string;
  /** The server's refusal, e.g. the last member of a party. */
  error?: string | null;
}) {
  const busy = useSubmitting(intent);
  return (
    <UrlDialog open={open} closeTo={closeTo} title={title}>
      <Form method="post" preventScrollReset className="flex flex-col gap-3">
        <p className="text-sm">{message}</p>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormErrors errors={error ? [error] : undefined} />
        <FormActions cancelTo={closeTo} submitLabel={confirmLabel} busyLabel={busyLabel} busy={busy} destructive />
      </Form>
    </UrlDialog>
  );
}
