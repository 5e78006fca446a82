import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/team";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { CopyOnce } from "~/components/admin/copy-once";
import { formatDate } from "~/components/admin/format";
import { FormErrors, useSubmitting } from "~/components/admin/form-parts";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { inviteSchema } from "~/schemas/team";
import { teamAction, teamLoader } from "./team.server";

export const meta: Route.MetaFunction = () => [{ title: "Team | Party Admin" }];

export const loader = ({ request }: Route.LoaderArgs) => teamLoader(request);
export const action = ({ request }: Route.ActionArgs) => teamAction(request);

const ROLE_TEXT = {
  "co-host": "Co-host: everything except the team and the auth settings.",
  viewer: "Viewer: reads every page and list, changes nothing.",
} as const;
const STATUS = { active: "Active", invited: "Invited", disabled: "Disabled" } as const;
const STATUS_VARIANT = { active: "success", invited: "pending", disabled: "declined" } as const;

/** Issue 27: the owner's helpers, each with their own sign-in and role. */
export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { team, smtp } = loaderData;
  const answer = actionData as { invited?: { name: string; url: string; mailed: boolean } } | undefined;
  const [params] = useSearchParams();
  const removing = team.find((m) => m.id === params.get("remove"));
  const removeError = params.has("remove") ? (actionData?.result?.error?.[""]?.[0] ?? null) : null;
  return (
    <>
      <PageHeader title="Team" description="People who help you run the celebration, each with their own sign-in. The activity log names who changed what." />
      <div className="flex flex-col gap-6">
        {answer?.invited ? (
          <CopyOnce
            id="invite-url"
            label={`Invitation link for ${answer.invited.name}`}
            url={answer.invited.url}
            note={`Shown this once: copy it now. It works once, for 72 hours.${answer.invited.mailed ? " It was also sent by e-mail." : ""}`}
          />
        ) : null}
        <InviteForm lastResult={params.has("remove") ? undefined : actionData?.result} smtp={smtp} />
        <Panel title="Helpers" description={team.length ? undefined : "Nobody yet: invite someone above."}>
          {team.length ? (
            <ul className="divide-y" aria-label="Helpers">
              {team.map((m) => (
                <li key={m.id} className="flex flex-col gap-3 py-3 lg:flex-row lg:items-center lg:justify-between">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {m.name} <Badge variant={STATUS_VARIANT[m.status as keyof typeof STATUS]}>{STATUS[m.status as keyof typeof STATUS]}</Badge>
                    </p>
                    <p className="break-all text-sm text-muted-foreground">{m.email}</p>
                    <p className="text-xs text-muted-foreground">
                      Invited {formatDate(m.invitedAt)}
                      {m.acceptedAt ? `, joined ${formatDate(m.acceptedAt)}` : ""}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={m.id} />
                      <Select name="role" defaultValue={m.role} aria-label={`Role of ${m.name}`} wrapperClassName="w-32" className="h-9">
                        <option value="co-host">Co-host</option>
                        <option value="viewer">Viewer</option>
                      </Select>
                      <Button type="submit" size="sm" variant="outline" aria-label={`Save role of ${m.name}`}>
                        Save role
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="reinvite" />
                      <input type="hidden" name="id" value={m.id} />
                      <Button type="submit" size="sm" variant="outline" aria-label={`Re-invite ${m.name}`}>
                        Re-invite
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value={m.disabled ? "enable" : "disable"} />
                      <input type="hidden" name="id" value={m.id} />
                      <Button type="submit" size="sm" variant={m.disabled ? "outline" : "destructive"} aria-label={`${m.disabled ? "Enable" : "Disable"} ${m.name}`}>
                        {m.disabled ? "Enable" : "Disable"}
                      </Button>
                    </Form>
                    <Link
                      to={`?remove=${encodeURIComponent(m.id)}`}
                      preventScrollReset
                      aria-label={`Remove ${m.name}`}
                      className="text-sm font-medium text-destructive underline-offset-4 hover:underline"
                    >
                      Remove
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </Panel>
      </div>
      {removing ? (
        <ConfirmDelete
          open
          closeTo="/admin/team"
          title="Remove from the team"
          message={
            <>
              Remove <strong>{removing.name}</strong> ({removing.email}) from the team? They are signed out at once and their
              sign-in stops working; the activity log keeps what they did. To let them back, invite them again.
            </>
          }
          intent="remove"
          fields={{ id: removing.id }}
          confirmLabel="Remove"
          busyLabel="Removing..."
          error={removeError}
        />
      ) : null}
    </>
  );
}

function InviteForm({ lastResult, smtp }: { lastResult?: SubmissionResult<string[]>; smtp: boolean }) {
  const busy = useSubmitting("invite");
  const [form, fields] = useForm({
    id: "invite-helper",
    lastResult,
    defaultValue: { role: "co-host" },
    constraint: getZodConstraint(inviteSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Panel title="Invite a helper" description={smtp ? "They get the link by e-mail, and you see it here once to copy." : "E-mail is not set up (SMTP_URL): copy the link shown after inviting and send it yourself."}>
      <Form method="post" {...getFormProps(form)} className="grid gap-3 md:grid-cols-3">
        <input type="hidden" name="intent" value="invite" />
        <Field labelProps={{ children: "Name" }} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }} errors={fields.name.errors} />
        <Field labelProps={{ children: "E-mail" }} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
        <SelectField labelProps={{ children: "Role" }} selectProps={getSelectProps(fields.role)} errors={fields.role.errors}>
          <option value="co-host">Co-host</option>
          <option value="viewer">Viewer</option>
        </SelectField>
        <p className="text-sm text-muted-foreground md:col-span-3">
          {ROLE_TEXT["co-host"]} {ROLE_TEXT.viewer}
        </p>
        <div className="md:col-span-3">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={busy}>
            {busy ? "Inviting..." : "Invite"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
