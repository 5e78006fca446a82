import { useEffect, useState } from "react";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ArrowLeftIcon, KeyRoundIcon, MailIcon, PhoneIcon } from "./icons";
import { toast } from "~/components/ui/toaster";
import { ErrorList, Field } from "~/components/ui/field";
import { useT } from "~/i18n";
import type { SignInChoice } from "~/schemas/guest-sign-in";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { isRealSubmit } from "./submitter";
import { loadValidation, validateLazily } from "./lazy-validation";
import type { RsvpDeadlineState } from "~/utils/rsvp-deadline";
import { DeadlineNote } from "./deadline-note";
import { GuestCard } from "./guest-shell";
import { button, control } from "./styles";

export type SignInOption = {
  value: SignInChoice;
  label: string;
  inputType: "text" | "email" | "tel";
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
};

const ICONS: Record<SignInChoice, typeof MailIcon> = { code: KeyRoundIcon, email: MailIcon, phone: PhoneIcon, whatsapp: PhoneIcon };

/** "?method=phone" on the current URL, other parameters kept (the method tabs are links: no JavaScript needed). */
function methodHref(location: { pathname: string; search: string }, method: SignInChoice) {
  const params = new URLSearchParams(location.search);
  params.set("method", method);
  params.delete("code");
  return `${location.pathname}?${params}`;
}

/**
 * The sign-in card of /rsvp and /my-rsvp. The method choice is a row of
 * links (each keeps the page's state in the URL), the identifier field shows
 * SPEC.md 5's messages under it, and with JavaScript also as a toast.
 */
export function SignInCard({
  title,
  intro,
  options,
  method,
  submitLabel,
  lastResult,
  defaultIdentifier,
  failure,
  disableWhenEmpty = false,
  waiting = false,
  deadline,
}: {
  title: string;
  intro?: string;
  options: SignInOption[];
  method: SignInChoice;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultIdentifier?: string;
  /** A refusal from the server (not found, disabled, too many attempts). */
  failure?: { title: string; description: string } | null;
  disableWhenEmpty?: boolean;
  /** Signed in; the page is about to move on. */
  waiting?: boolean;
  /** The RSVP deadline, said at the door too (issue 23): "Please reply by ...", or that answers are closed. */
  deadline?: RsvpDeadlineState;
}) {
  const t = useT();
  const g = t.guest;
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const chosen = options.find((o) => o.value === method) ?? options[0]!;
  const [identifier, setIdentifier] = useState(defaultIdentifier ?? "");

  const [form, fields] = useForm({
    id: `sign-in-${chosen.value}`,
    lastResult,
    defaultValue: { identifier: defaultIdentifier ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate(args) {
      return validateLazily(
        args,
        (v) => {
          const submission = v.parseWithZod(args.formData, { schema: v.signInSchema(g) });
          if (isRealSubmit(args.submitter) && submission.status !== "success") {
            const problem = v.signInProblem(g, chosen.value, String(args.formData.get("identifier") ?? ""));
            if (problem) toast({ ...problem, type: "error" });
          }
          return submission;
        },
        (name) => form.validate({ name }),
      );
    },
  });

  useEffect(() => {
    if (failure) toast({ title: failure.title, description: failure.description, type: "error" });
  }, [failure]);

  const busy = waiting || (navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in");
  const Icon = ICONS[chosen.value];
  const emptyDisabled = disableWhenEmpty && hydrated && identifier.trim() === "";

  return (
    <GuestCard title={title} description={intro}>
      {deadline ? <DeadlineNote deadline={deadline} className="mb-6" /> : null}
      {options.length > 1 ? (
        <nav aria-label={g.signInWith} className="mb-6">
          <p className="mb-2 text-sm font-semibold text-ink/75">{g.signInWith}</p>
          <ul className="grid gap-2 sm:auto-cols-fr sm:grid-flow-col">
            {options.map((o) => {
              const current = o.value === chosen.value;
              const OptionIcon = ICONS[o.value];
              return (
                <li key={o.value}>
                  <Link
                    to={methodHref(location, o.value)}
                    replace
                    preventScrollReset
                    aria-current={current ? "true" : undefined}
                    className={cn(
                      "flex min-h-12 items-center justify-center gap-2 rounded-xl px-2 text-center text-[0.95rem] font-semibold whitespace-nowrap ring-1 transition-colors focus-visible:ring-4 focus-visible:ring-wine/35 focus-visible:outline-none",
                      current ? "bg-wine text-white ring-wine" : "bg-white text-ink ring-ink/20 hover:bg-limestone",
                    )}
                  >
                    <OptionIcon aria-hidden="true" className="size-4" />
                    {o.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}

      {/* noValidate even without JavaScript: the server's messages are SPEC.md's, the browser's are not. */}
      <Form method="post" {...getFormProps(form)} onFocus={loadValidation} noValidate className="flex flex-col">
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="method" value={chosen.value} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <Field
          labelProps={{ children: chosen.label, className: "text-base font-semibold" }}
          hint={chosen.hint}
          inputProps={{
            ...getInputProps(fields.identifier, { type: chosen.inputType }),
            autoComplete: chosen.autoComplete,
            placeholder: chosen.placeholder,
            autoCapitalize: "off",
            spellCheck: false,
            onInput: (e: React.FormEvent<HTMLInputElement>) => setIdentifier(e.currentTarget.value),
            className: cn(control, "h-12"),
          }}
          errors={fields.identifier.errors}
        />
        <div aria-live="polite" className="min-h-6">
          <ErrorList id={form.errorId} errors={failure ? [`${failure.title} - ${failure.description}`] : form.errors} />
        </div>
        <button type="submit" className={cn(button.primary, "mt-3 sm:w-full")} disabled={busy || emptyDisabled}>
          <Icon aria-hidden="true" />
          {busy ? g.verifying : submitLabel}
        </button>
      </Form>
      <p className="mt-6 text-center">
        <Link to="/" className={button.quiet}>
          <ArrowLeftIcon aria-hidden="true" />
          {t.common.backToHome}
        </Link>
      </p>
    </GuestCard>
  );
}
