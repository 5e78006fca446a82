import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { urlWithout } from "~/components/admin/url-state";
import { setRoomAssignmentPaid, updateRoomAssignment } from "~/models/room-assignments.server";
import { redirectWithToast } from "~/session.server";
import { AppError } from "~/utils/errors";

/** The page's URL without the dialog that was just used (`?assign`, `?edit`, `?delete`, `?new`). */
export const closeDialogUrl = (request: Request) => urlWithout(request.url, ["assign", "new", "edit", "delete"]);

type Reply = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> };

/**
 * A model refused (409 over-booking, 404 gone...): the form shows the
 * server's message under the fields, and with JavaScript a toast says it too.
 */
export function refusal(submission: Reply, error: AppError, description = error.message) {
  return data(
    {
      result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }),
      toast: { type: "error" as const, title: "Error", description },
    },
    { status: error.status },
  );
}

/**
 * Small in-row forms (paid toggle, quantity) are sent by a fetcher with
 * `enhanced=1`: they get a toast in the answer and stay put. Without
 * JavaScript the same form is a real POST, answered with a redirect that
 * carries the toast.
 */
export async function rowAnswer(
  request: Request,
  formData: FormData,
  toast: { type: "success" | "error"; title: string; description: string },
  status = 200,
) {
  if (formData.get("enhanced") === "1") return data({ result: null, toast }, { status });
  return redirectWithToast(request, closeDialogUrl(request), toast);
}

type RowIntent = { intent: "mark-paid"; id: string; isPaid: boolean } | { intent: "quantity"; id: string; quantity: number };

/**
 * The two in-row forms shared by Room Assignments and Payment Status: the
 * paid toggle and the inline quantity, each one model call.
 */
export async function answerRowIntent(request: Request, formData: FormData, value: RowIntent) {
  try {
    if (value.intent === "mark-paid") {
      setRoomAssignmentPaid({ id: value.id, isPaid: value.isPaid });
      return rowAnswer(request, formData, { type: "success", title: "Success", description: "Payment status updated successfully" });
    }
    updateRoomAssignment(value.id, { quantity: value.quantity });
    return rowAnswer(request, formData, { type: "success", title: "Success", description: "Room assignment updated successfully" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return rowAnswer(request, formData, { type: "error", title: "Error", description: error.message }, error.status);
  }
}

/** An in-row form the schema refused (e.g. quantity 0): its first message, as a toast. */
export function rowInvalid(request: Request, formData: FormData, errors: Record<string, string[] | null> | null | undefined) {
  const message = Object.values(errors ?? {}).flat()[0] ?? "Failed to update room assignment. Please try again.";
  return rowAnswer(request, formData, { type: "error", title: "Error", description: message }, 400);
}
