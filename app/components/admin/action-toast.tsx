import { useEffect } from "react";
import { toast, type ToastInput } from "~/components/ui/toaster";

/**
 * Shows the toast an action returned with its data (a failure, or a success
 * that stays on the page). Successes that redirect use redirectWithToast.
 */
export function useActionToast(actionData: unknown) {
  useEffect(() => {
    const message = (actionData as { toast?: ToastInput } | undefined)?.toast;
    if (message) toast(message);
  }, [actionData]);
}
