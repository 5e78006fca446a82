import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/route";
import { useActionToast } from "~/components/admin/action-toast";
import { Addresses } from "~/components/admin/addresses";
import { useClearAfterSave } from "~/components/admin/clear-after-save";
import { FormErrors, useSubmitting } from "~/components/admin/form-parts";
import { formatDate } from "~/components/admin/format";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Pagination } from "~/components/admin/pagination";
import { useHrefWith } from "~/components/admin/url-state";
import { LinkifiedText } from "~/components/linkified-text";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, TextareaField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { type AnnouncementFormShape, announcementCorrectionFormSchema, announcementSchema, anyFormSchema, AUDIENCE_KINDS, AUDIENCE_LABELS, CHOICES_STEP, listingIntent } from "~/schemas/announcements";
import { announcementsAction, announcementsLoader } from "./page.server";
import type { Choice } from "./page.server";

export const meta: Route.MetaFunction = () => [{ title: "Announcements | Party Admin" }];

export const loader = ({ request }: Route.LoaderArgs) => announcementsLoader(request);
export const action = ({ request }: Route.ActionArgs) => announcementsAction(request);

type LoaderData = Route.ComponentProps["loaderData"];
type Preview = { recipients: number; withEmail: number; withoutEmail: number; en: { subject: string; body: string }; pt: { subject: string; body: string } };
type ActionData = {
  result?: SubmissionResult<string[]>;
  choices?: LoaderData["choices"];
  preview?: Preview;
  correction?: { id: string; result: SubmissionResult<string[]> };
  toast?: { type: "error"; title: string; description: string };
};

export default function Announcements({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionData | undefined;
  useActionToast(answer);
  const { smtp, announcements, editing, pagination } = loaderData;
  return (
    <>
      <PageHeader
        title="Announcements"
        description="News from you to chosen guests: by e-mail in each one's language, and on their My RSVP page."
        actions={
          <Link to="/admin/messages" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <SpriteIcon name="mail" /> Messages
          </Link>
        }
      />
      {!smtp ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <strong>E-mail is not set up</strong> (<code>SMTP_URL</code> is not set): announcements are stored in Messages and shown on guests' pages, not mailed.
        </p>
      ) : null}
      <div className="flex flex-col gap-6">
        <ComposeForm loaderData={loaderData} answer={answer} />
        <Panel id="sent" title="Sent announcements" description={announcements.length ? "Newest first. A correction shows on guests' pages at once." : undefined}>
          {announcements.length ? (
            <>
              <ol className="flex flex-col divide-y">
                {announcements.map((a) => (
                  <SentAnnouncement key={a.id} a={a} editing={editing === a.id} correction={answer?.correction?.id === a.id ? answer.correction.result : undefined} />
                ))}
              </ol>
              <Pagination pagination={pagination} label="Sent announcements" />
            </>
          ) : (
            <p className="py-4 text-center text-sm text-muted-foreground">No announcements sent yet.</p>
          )}
        </Panel>
      </div>
      {/* The WhatsApp buttons submit this plain form (no client routing), so the 303 to wa.me opens in a new tab. */}
      <form id="announcement-whatsapp" method="post" action="/admin/announcements/whatsapp" target="_blank" hidden />
    </>
  );
}

function ComposeForm({ loaderData, answer }: { loaderData: LoaderData; answer?: ActionData }) {
  const [form, fields] = useForm<AnnouncementFormShape>({
    id: "announcement",
    lastResult: answer?.correction ? undefined : answer?.result,
    constraint: getZodConstraint(announcementSchema),
    // Searching the list posts the form too, but checks nothing: the texts may not be written yet.
    onValidate: ({ formData }) => {
      const checked = parseWithZod(formData, { schema: announcementSchema });
      return listingIntent(formData.get("intent")) ? (parseWithZod(formData, { schema: anyFormSchema }) as unknown as typeof checked) : checked;
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const audience = fields.audience.getFieldset();
  const kind = (audience.kind.initialValue as string | undefined) ?? "all";
  const choices = answer?.choices ?? loaderData.choices;
  const ticked = new Set(choices.ticked);
  const sending = useSubmitting("send");
  const preview = answer?.preview;
  // Only a sent announcement empties the form; Preview and the list's search keep what was typed.
  const clear = useClearAfterSave();
  const formProps = getFormProps(form);

  return (
    <Panel id="compose" title="New announcement" description="English is required; each Portuguese field left empty shows the English.">
      <Form
        method="post"
        {...formProps}
        ref={clear.ref}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "send") clear.onSubmit(event);
        }}
        noValidate
        preventScrollReset
        className="flex flex-col gap-1"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-x-4 lg:grid-cols-2">
          <div className="flex flex-col gap-1">
            <Field labelProps={{ children: "Subject (English)" }} inputProps={getInputProps(fields.subject, { type: "text" })} errors={fields.subject.errors} />
            <TextareaField
              labelProps={{ children: "Text (English)" }}
              hint="Plain text: line breaks are kept and web addresses become links."
              textareaProps={{ ...getTextareaProps(fields.body), rows: 6 }}
              errors={fields.body.errors}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Field labelProps={{ children: "Subject (Portuguese, optional)" }} inputProps={getInputProps(fields.subjectPt, { type: "text" })} errors={fields.subjectPt.errors} />
            <TextareaField
              labelProps={{ children: "Text (Portuguese, optional)" }}
              hint="Guests reading in Portuguese get this; empty: the English."
              textareaProps={{ ...getTextareaProps(fields.bodyPt), rows: 6 }}
              errors={fields.bodyPt.errors}
            />
          </div>
        </div>

        <fieldset className="audience flex flex-col gap-2 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">Who receives it</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {AUDIENCE_KINDS.map((k) => (
              <label key={k} className="flex min-h-10 items-center gap-3 text-sm">
                <input type="radio" name={audience.kind.name} value={k} defaultChecked={kind === k} className="size-5 shrink-0 accent-primary" />
                {AUDIENCE_LABELS[k]}
              </label>
            ))}
          </div>
          <div className="audience-event flex flex-col gap-1.5 sm:max-w-sm">
            <Label htmlFor="audience-event">Side event (for "Attending a side event")</Label>
            <Select
              id="audience-event"
              name={audience.eventId.name}
              defaultValue={(audience.eventId.initialValue as string | undefined) ?? ""}
              aria-invalid={audience.eventId.errors ? true : undefined}
              aria-describedby={audience.eventId.errors ? audience.eventId.errorId : undefined}
              className="h-9 py-1"
            >
              <option value="">Choose an event</option>
              {loaderData.events.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title}
                </option>
              ))}
            </Select>
            <FormErrors id={audience.eventId.errorId} errors={audience.eventId.errors} />
          </div>
          <FormErrors id={audience.kind.errorId} errors={[...(audience.kind.errors ?? []), ...(audience.partyIds.errors ?? [])]} />
        </fieldset>

        <InviteeChoices choices={choices} ticked={ticked} partyName={audience.partyIds.name} guestName={audience.guestIds.name} />

        <div className="flex flex-col-reverse gap-2 pt-3 sm:flex-row sm:justify-end">
          <Button type="submit" name="intent" value="preview" variant="outline">
            Preview
          </Button>
          <Button type="submit" name="intent" value="send" disabled={sending}>
            <SpriteIcon name="send" /> {sending ? "Sending…" : "Send announcement"}
          </Button>
        </div>
      </Form>
      {preview ? <PreviewPanel preview={preview} /> : null}
    </Panel>
  );
}

/** The list to tick for "the rows ticked below": searched and extended by posting the form, so nothing typed is lost. */
function InviteeChoices({ choices, ticked, partyName, guestName }: { choices: LoaderData["choices"]; ticked: Set<string>; partyName: string; guestName: string }) {
  return (
    <fieldset className="mt-3 flex flex-col gap-2 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Parties and guests to tick</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="announcement-search">Search</Label>
          <Input id="announcement-search" name="q" type="search" defaultValue={choices.q} placeholder="Name, email or phone" className="h-9" />
        </div>
        <Button type="submit" name="intent" value="search" size="sm" variant="secondary" formNoValidate>
          Search
        </Button>
      </div>
      <input type="hidden" name="shown" value={choices.shown} />
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {choices.matches} {choices.q ? "matching" : "invitees"}
        {choices.matches > choices.shown ? `, first ${choices.shown} shown` : ""}
        {ticked.size ? `; ${ticked.size} ticked` : ""}.
      </p>
      {choices.rows.length ? (
        <ul className="grid max-h-96 gap-x-4 overflow-y-auto sm:grid-cols-2" aria-label="Parties and guests">
          {choices.rows.map((r: Choice) => (
            <li key={r.id}>
              <label className="flex min-h-10 items-center gap-2 py-1 text-sm">
                <Checkbox name={r.type === "party" ? partyName : guestName} value={r.id} defaultChecked={ticked.has(r.id)} />
                <span className="min-w-0">
                  <span className="font-medium [overflow-wrap:anywhere]">{r.name}</span>{" "}
                  <span className="text-xs text-muted-foreground">
                    {r.type === "party" ? `party of ${r.memberCount}` : "individual"}
                    {r.email ? "" : r.phone ? ", no e-mail: WhatsApp" : ", no e-mail"}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nobody matches.</p>
      )}
      {choices.matches > choices.shown ? (
        <Button type="submit" name="intent" value="more" size="sm" variant="outline" className="self-start" formNoValidate>
          Show {CHOICES_STEP} more
        </Button>
      ) : null}
    </fieldset>
  );
}

function PreviewPanel({ preview }: { preview: Preview }) {
  return (
    <section aria-labelledby="preview-heading" className="mt-4 rounded-lg border border-dashed p-4" data-testid="announcement-preview">
      <h3 id="preview-heading" className="text-base font-semibold">
        Preview
      </h3>
      <p className="mt-1 text-sm" role="status">
        {preview.recipients} recipient{preview.recipients === 1 ? "" : "s"}: {preview.withEmail} by e-mail, {preview.withoutEmail} without an e-mail (WhatsApp after sending).
      </p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {(["en", "pt"] as const).map((lang) => (
          <article key={lang} lang={lang} className="rounded-md bg-muted/40 p-3">
            <p className="text-xs font-medium uppercase text-muted-foreground">{lang === "en" ? "English" : "Português"}</p>
            <p className="mt-1 font-semibold [overflow-wrap:anywhere]">{preview[lang].subject}</p>
            <LinkifiedText text={preview[lang].body} className="mt-1 text-sm" />
          </article>
        ))}
      </div>
    </section>
  );
}

type Sent = LoaderData["announcements"][number];

function SentAnnouncement({ a, editing, correction }: { a: Sent; editing: boolean; correction?: SubmissionResult<string[]> }) {
  const audience = AUDIENCE_LABELS[a.audience.kind];
  const hrefWith = useHrefWith();
  return (
    <li id={`announcement-${a.id}`} className="flex flex-col gap-2 py-4 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold [overflow-wrap:anywhere]">{a.subject}</h3>
          <p className="text-xs text-muted-foreground">
            Sent {formatDate(a.createdAt)}
            {a.updatedAt !== a.createdAt && !a.withdrawnAt ? `, corrected ${formatDate(a.updatedAt)}` : ""} · {audience} · {a.recipients} recipient
            {a.recipients === 1 ? "" : "s"} ({a.byEmail} by e-mail)
          </p>
        </div>
        {a.withdrawnAt ? (
          <Badge variant="declined">Withdrawn {formatDate(a.withdrawnAt)}</Badge>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Link to={`${hrefWith({ edit: a.id })}#announcement-${a.id}`} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              <SpriteIcon name="pencil" /> Correct<span className="sr-only">{` "${a.subject}"`}</span>
            </Link>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="id" value={a.id} />
              <Button type="submit" name="intent" value="withdraw" size="sm" variant="outline">
                <SpriteIcon name="trash" /> Withdraw<span className="sr-only">{` "${a.subject}"`}</span>
              </Button>
            </Form>
          </div>
        )}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Text</summary>
        <LinkifiedText text={a.body} className="mt-1" />
        {a.bodyPt ? <LinkifiedText text={a.bodyPt} className="mt-2 border-t pt-2" /> : null}
      </details>
      {a.emailed.length ? <EmailedRecipients a={a} /> : null}
      {a.noEmail.length && !a.withdrawnAt ? <NoEmailRecipients a={a} /> : null}
      {editing && !a.withdrawnAt ? <CorrectionForm a={a} lastResult={correction} /> : null}
    </li>
  );
}

/** Issue 36: who got it by e-mail, each address linking to its mails on Messages (their delivery status). */
function EmailedRecipients({ a }: { a: Sent }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">
        {a.emailed.length} by e-mail: who
      </summary>
      <ul className="mt-2 flex flex-col gap-1">
        {a.emailed.map((r) => (
          <li key={"partyId" in r ? r.partyId : r.guestId} className="flex flex-wrap gap-x-2">
            <span className="font-medium">{r.name}</span>
            <span className="flex flex-wrap gap-x-2 text-muted-foreground">
              {r.emails.map((email) => (
                <Link key={email} to={`/admin/messages?${new URLSearchParams({ q: email, kind: "announcement" })}`} className="underline-offset-4 hover:underline">
                  <Addresses text={email} />
                </Link>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function NoEmailRecipients({ a }: { a: Sent }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">{a.noEmail.length} without an e-mail: send on WhatsApp</summary>
      <ul className="mt-2 flex flex-col gap-1">
        {a.noEmail.map((r) => {
          const ref = "partyId" in r ? { name: "partyId", value: r.partyId } : { name: "guestId", value: r.guestId };
          return (
            <li key={ref.value} className="flex flex-wrap items-center justify-between gap-2">
              <span className="[overflow-wrap:anywhere]">
                {r.name}
                {r.whatsappAt ? <span className="text-xs text-muted-foreground"> · sent on WhatsApp {formatDate(r.whatsappAt)}</span> : null}
              </span>
              {r.phone ? (
                <Button
                  type="submit"
                  form="announcement-whatsapp"
                  formAction={`/admin/announcements/whatsapp?id=${a.id}`}
                  name={ref.name}
                  value={ref.value}
                  size="sm"
                  variant="outline"
                >
                  <SpriteIcon name="message-circle" /> WhatsApp<span className="sr-only">{` ${r.name} (opens WhatsApp)`}</span>
                </Button>
              ) : (
                <span className="text-xs text-muted-foreground">No phone</span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

function CorrectionForm({ a, lastResult }: { a: Sent; lastResult?: SubmissionResult<string[]> }) {
  const hrefWith = useHrefWith();
  const [form, fields] = useForm({
    id: `correct-${a.id}`,
    lastResult,
    constraint: getZodConstraint(announcementCorrectionFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: announcementCorrectionFormSchema }),
    shouldValidate: "onSubmit",
    defaultValue: { subject: a.subject, body: a.body, subjectPt: a.subjectPt ?? "", bodyPt: a.bodyPt ?? "" },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate preventScrollReset aria-label={`Correct "${a.subject}"`} className="mt-2 flex flex-col gap-1 rounded-lg border border-dashed p-3">
      <input type="hidden" name="id" value={a.id} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-x-4 lg:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Field labelProps={{ children: "Subject (English)" }} inputProps={getInputProps(fields.subject, { type: "text" })} errors={fields.subject.errors} />
          <TextareaField labelProps={{ children: "Text (English)" }} textareaProps={{ ...getTextareaProps(fields.body), rows: 5 }} errors={fields.body.errors} />
        </div>
        <div className="flex flex-col gap-1">
          <Field labelProps={{ children: "Subject (Portuguese, optional)" }} inputProps={getInputProps(fields.subjectPt, { type: "text" })} errors={fields.subjectPt.errors} />
          <TextareaField labelProps={{ children: "Text (Portuguese, optional)" }} textareaProps={{ ...getTextareaProps(fields.bodyPt), rows: 5 }} errors={fields.bodyPt.errors} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox name="resend" /> Send the correction (e-mail it again to every recipient)
      </label>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Link to={hrefWith({ edit: null })} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" name="intent" value="correct">
          Save correction
        </Button>
      </div>
    </Form>
  );
}
