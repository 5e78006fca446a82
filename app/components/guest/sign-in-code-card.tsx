import { useEffect } from "react";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ArrowLeftIcon, MailCheckIcon, RefreshCwIcon } from "./icons";
import { toast } from "~/components/ui/toaster";
import { ErrorList, Field } from "~/components/ui/field";
import { fmt, useT } from "~/i18n";
import type { SignInChoice } from "~/schemas/guest-sign-in";
import { loadValidation, validateLazily } from "./lazy-validation";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { GuestCard } from "./guest-shell";
import { button, control } from "./styles";

/** What the first step hands the second: the address typed and its masked form for the text. */
export type CodeStep = { identifier: string; masked: string; method: SignInChoice };

/**
 * The second step of an e-mail sign-in (issue 15): "Enter the 6-digit code
 * we sent to a...@example.com", and "Send a new code". Two real forms, so it
 * works without JavaScript; the address travels in hidden fields.
 */
export function SignInCodeCard({
  step,
  lastResult,
  failure,
  notice,
  waiting = false,
}: {
  step: CodeStep;
  lastResult?: SubmissionResult<string[]> | null;
  failure?: { title: string; description: string } | null;
  notice?: { title: string; description?: string } | null;
  waiting?: boolean;
}) {
  const t = useT();
  const c = t.signInCode;
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "sign-in-code",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: (args) =>
      validateLazily(
        args,
        (v) => v.parseWithZod(args.formData, { schema: v.verifyCodeFormSchema(c) }),
        (name) => form.validate({ name }),
      ),
  });

  useEffect(() => {
    if (failure) toast({ title: failure.title, description: failure.description, type: "error" });
  }, [failure]);
  useEffect(() => {
    if (notice) toast({ title: notice.title, description: notice.description });
  }, [notice]);

  const intent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const busy = waiting || intent === "verify-code";
  const params = new URLSearchParams(location.search);
  params.set("method", step.method);
  const restart = `${location.pathname}?${params}`;

  return (
    <GuestCard title={c.cardTitle} description={fmt(c.enterCode, { email: step.masked })}>
      {notice ? (
        <p role="status" className="mb-4 rounded-xl bg-olive/10 px-4 py-3 text-base">
          <span className="font-semibold">{notice.title}</span>
          {notice.description ? <span> {notice.description}</span> : null}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} onFocus={loadValidation} noValidate className="flex flex-col">
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name="method" value={step.method} />
        <input type="hidden" name="identifier" value={step.identifier} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <Field
          labelProps={{ children: c.codeLabel, className: "text-base font-semibold" }}
          hint={c.codeHint}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            maxLength: 6,
            autoFocus: true,
            className: cn(control, "h-14 text-center font-mono text-2xl tracking-[0.4em]"),
          }}
          errors={fields.code.errors}
        />
        <div aria-live="polite" className="min-h-6">
          <ErrorList id={form.errorId} errors={failure ? [`${failure.title} - ${failure.description}`] : form.errors} />
        </div>
        <button type="submit" className={cn(button.primary, "mt-3 sm:w-full")} disabled={busy}>
          <MailCheckIcon aria-hidden="true" />
          {busy ? t.guest.verifying : c.verify}
        </button>
      </Form>
      <Form method="post" className="mt-4 flex justify-center">
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="method" value={step.method} />
        <input type="hidden" name="identifier" value={step.identifier} />
        <input type="hidden" name="resend" value="1" />
        <button type="submit" className={button.quiet} disabled={intent === "sign-in"}>
          <RefreshCwIcon aria-hidden="true" />
          {c.sendNew}
        </button>
      </Form>
      <p className="mt-4 text-center">
        <Link to={restart} className={button.quiet}>
          <ArrowLeftIcon aria-hidden="true" />
          {c.useAnother}
        </Link>
      </p>
    </GuestCard>
  );
}
