import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { ADMIN_WRONG_PASSWORD, authenticateAdminPassword, authenticateHelper } from "~/auth.server";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field } from "~/components/ui/field";
import { adminLoginSchema, helperLoginSchema } from "~/schemas/admin-login";
import { getAdminId, startSession } from "~/session.server";
import { isAppError } from "~/utils/errors";
import { reserveHelperSignIn, reserveOwnerSignIn } from "~/utils/rate-limit.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin Login | Party Admin" }];

// A refused login's Retry-After (429) reaches the browser.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** Issue 27: "?helper=1" shows the e-mail field (the link works without JavaScript); "&email=" fills it in (issue 36: after accepting an invitation). */
const helperMode = (request: Request) => new URL(request.url).searchParams.get("helper") === "1";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdminId(request)) throw redirect("/admin/dashboard");
  const helper = helperMode(request);
  return { helper, email: helper ? (new URL(request.url).searchParams.get("email") ?? "").slice(0, 254) : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.has("email")) return helperAction(request, context, formData);
  const submission = parseWithZod(formData, { schema: adminLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    // The same limits as POST /api/admin/login (5 failures per address, 20 for
    // the account, in 15 minutes), counted before the password is checked.
    const attempt = reserveOwnerSignIn(context);
    let admin;
    try {
      admin = await authenticateAdminPassword(request, submission.value.password);
    } catch (error) {
      if (!(isAppError(error) && error.status === 401)) attempt.release();
      throw error;
    }
    attempt.release();
    const headers = await startSession(request, { adminId: admin.id });
    return redirect("/admin/dashboard", { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message = error.message || ADMIN_WRONG_PASSWORD;
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }) },
      { status: error.status, headers: error.headers },
    );
  }
}

/** A helper's sign-in: the owner's limits, one message for every failure (the e-mail's existence is never told). */
async function helperAction(request: Request, context: unknown, formData: FormData) {
  const submission = parseWithZod(formData, { schema: helperLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  try {
    const attempt = reserveHelperSignIn(context, submission.value.email);
    let helper;
    try {
      helper = await authenticateHelper(submission.value.email, submission.value.password);
    } catch (error) {
      if (!(isAppError(error) && error.status === 401)) attempt.release();
      throw error;
    }
    attempt.release();
    const headers = await startSession(request, { helperId: helper.id });
    return redirect("/admin/dashboard", { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { result: submission.reply({ formErrors: [error.message || ADMIN_WRONG_PASSWORD], hideFields: ["password"] }) },
      { status: error.status, headers: error.headers },
    );
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const helper = loaderData?.helper ?? false;
  const knownEmail = loaderData?.email ?? "";
  const schema = helper ? helperLoginSchema : adminLoginSchema;
  const [form, fields] = useForm({
    id: helper ? "helper-login" : "admin-login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const emailField = (fields as unknown as Record<string, typeof fields.password | undefined>).email;
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle asChild className="font-sans text-xl">
            <h1>Party Admin</h1>
          </CardTitle>
          <CardDescription>40th Birthday: sign in to manage the celebration.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action={helper ? "/admin?helper=1" : "/admin"} {...getFormProps(form)} className="flex flex-col gap-2">
            {helper ? (
              <Field
                labelProps={{ children: "E-mail" }}
                inputProps={{
                  ...getInputProps(emailField!, { type: "email" }),
                  defaultValue: (emailField?.initialValue as string | undefined) ?? knownEmail,
                  autoComplete: "username",
                  autoFocus: !knownEmail,
                }}
                errors={emailField?.errors}
              />
            ) : null}
            <Field
              labelProps={{ children: "Password" }}
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                autoComplete: "current-password",
                autoFocus: !helper || !!knownEmail,
              }}
              errors={fields.password.errors}
            />
            <div aria-live="polite" className="min-h-6">
              <ErrorList id={form.errorId} errors={form.errors} />
            </div>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Signing in..." : "Sign in"}
            </Button>
          </Form>
          <p className="mt-4 text-center text-sm">
            {helper ? (
              <Link to="/admin" className="underline underline-offset-4">
                Sign in as the owner
              </Link>
            ) : (
              <Link to="/admin?helper=1" className="underline underline-offset-4">
                Sign in as a helper
              </Link>
            )}
          </p>
          <p className="mt-4 text-center text-sm">
            <Link to="/" className="text-muted-foreground underline underline-offset-4 hover:text-foreground">
              Back to Home
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
