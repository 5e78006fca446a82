import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { Route } from "./+types/account";
import { formatDateTime } from "~/components/admin/format";
import { FormErrors, useSubmitting } from "~/components/admin/form-parts";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { passwordChangeSchema } from "~/schemas/team";
import { accountAction, accountLoader } from "./account.server";

export const meta: Route.MetaFunction = () => [{ title: "Your Account | Party Admin" }];

export const loader = ({ request }: Route.LoaderArgs) => accountLoader(request);
export const action = ({ request, context }: Route.ActionArgs) => accountAction(request, context);

// Too many wrong current passwords (429): the Retry-After reaches the browser.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

const ROLE = { owner: "owner", "co-host": "co-host", viewer: "viewer" } as const;

/** Issue 27: your own password and where you are signed in (any role). */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { me, sessions } = loaderData;
  const busy = useSubmitting("password");
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(passwordChangeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <PageHeader title="Your Account" description={`Signed in as ${me.name} (${ROLE[me.role]}).`} />
      <div className="flex flex-col gap-6">
        <Panel title="Change your password" description="At least 12 characters, without your name or e-mail, and not a common password. Your other sessions are signed out.">
          <Form method="post" {...getFormProps(form)} data-any-role="" className="flex max-w-md flex-col gap-2">
            <input type="hidden" name="intent" value="password" />
            <Field labelProps={{ children: "Current password" }} inputProps={{ ...getInputProps(fields.current, { type: "password" }), autoComplete: "current-password" }} errors={fields.current.errors} />
            <Field labelProps={{ children: "New password" }} inputProps={{ ...getInputProps(fields.next, { type: "password" }), autoComplete: "new-password" }} errors={fields.next.errors} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <div>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Change password"}
              </Button>
            </div>
          </Form>
        </Panel>
        <Panel title="Your sessions" description="Every browser signed in as you. End one you don't recognise.">
          <ul className="divide-y" aria-label="Your sessions">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium">
                    {s.current ? "This browser" : "Another browser"}
                    {s.signedInAt ? `, signed in ${formatDateTime(s.signedInAt)}` : ""}
                  </p>
                  <p className="break-all text-xs text-muted-foreground">{s.agent ?? "Unknown browser"}</p>
                </div>
                {s.current ? null : (
                  <Form method="post" data-any-role="">
                    <input type="hidden" name="intent" value="end-session" />
                    <input type="hidden" name="id" value={s.id} />
                    <Button type="submit" size="sm" variant="outline">
                      End session
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}
