import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/accept";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field } from "~/components/ui/field";
import { acceptInvitation, INVITATION_EXPIRED, INVITATION_UNKNOWN, INVITATION_USED, invitationFor } from "~/models/team.server";
import { acceptFormSchema } from "~/schemas/team";
import { redirectWithToast } from "~/session.server";
import { now } from "~/utils/clock.server";
import { isAppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Join the team | Party Admin" }, { name: "robots", content: "noindex" }];

const GONE = { used: INVITATION_USED, expired: INVITATION_EXPIRED, unknown: INVITATION_UNKNOWN } as const;

/** Issue 27: a helper opens the owner's invitation (no session) and chooses a password: once, within 72 hours. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = invitationFor(token.slice(0, 200), now());
  if (found.state !== "valid") return data({ token: "", helper: null, gone: GONE[found.state] }, { status: found.state === "unknown" ? 404 : 410 });
  return { token, helper: { name: found.helper.name, email: found.helper.email, role: found.helper.role }, gone: null };
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: acceptFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  try {
    const result = await acceptInvitation(submission.value.token, submission.value.password, now());
    if ("gone" in result) return data({ result: submission.reply({ formErrors: [result.gone ?? INVITATION_USED], hideFields: ["password"] }) }, { status: 410 });
    // Their e-mail comes filled in on the sign-in form (issue 36): they only type the password just chosen.
    const signIn = `/admin?${new URLSearchParams({ helper: "1", email: result.member?.email ?? "" })}`;
    return redirectWithToast(request, signIn, { type: "success", title: "Welcome to the team", description: "Your password is set: sign in with your e-mail." });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { result: submission.reply({ formErrors: error.errors ? [] : [error.message], fieldErrors: error.errors, hideFields: ["password"] }) },
      { status: error.status },
    );
  }
}

export default function Accept({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult: actionData?.result,
    constraint: getZodConstraint(acceptFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { helper, gone, token } = loaderData;
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle asChild className="font-sans text-xl">
            <h1>Join the team</h1>
          </CardTitle>
          <CardDescription>{helper ? `Hello ${helper.name}: choose your password to help as ${helper.role}.` : "This invitation can't be used."}</CardDescription>
        </CardHeader>
        <CardContent>
          {helper ? (
            <Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
              <input type="hidden" name="token" value={token} />
              {/* For the browser's password manager. */}
              <input type="email" name="username" value={helper.email} autoComplete="username" readOnly hidden />
              <Field
                labelProps={{ children: "Choose a password" }}
                inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", autoFocus: true }}
                errors={fields.password.errors}
                hint="At least 12 characters, without your name or e-mail, and not a common password."
              />
              <div aria-live="polite" className="min-h-6">
                <ErrorList id={form.errorId} errors={form.errors} />
              </div>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Saving..." : "Set password"}
              </Button>
            </Form>
          ) : (
            <p role="alert" className="text-sm">
              {gone}
            </p>
          )}
          <p className="mt-6 text-center text-sm">
            <Link to="/admin?helper=1" className="text-muted-foreground underline underline-offset-4 hover:text-foreground">
              Sign in as a helper
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
