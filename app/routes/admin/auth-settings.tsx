import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, useFetcher } from "react-router";
import { InfoIcon } from "lucide-react";
import type { Route } from "./+types/auth-settings";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toaster";
import { getAuthSettings, updateAuthSettings } from "~/models/auth-settings.server";
import { AUTH_METHODS, authSwitchSchema, type AuthMethodField } from "~/schemas/admin-auth-settings";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { useHydrated } from "~/utils/hydrated";
import { mailSendingEnabled } from "~/utils/mailer.server";
import { isAppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Auth Settings | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { emailEnabled, phoneEnabled, customCodeEnabled, emailCodeRequired } = getAuthSettings();
  return { settings: { emailEnabled, phoneEnabled, customCodeEnabled, emailCodeRequired }, smtpConfigured: mailSendingEnabled() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const submission = parseWithZod(await request.formData(), { schema: authSwitchSchema });
  if (submission.status !== "success") {
    return data({ field: null, message: "Could not read the setting. Please try again." }, { status: 400 });
  }
  const { field, enabled } = submission.value;
  try {
    // The model refuses to switch off the last method (guests could never sign in).
    updateAuthSettings({ [field]: enabled });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ field, message: error.message }, { status: error.status });
  }
  const label = AUTH_METHODS.find((m) => m.field === field)!.label;
  return redirectWithToast(request, "/admin/auth-settings", {
    type: "success",
    title: "Settings updated",
    description: field === "emailCodeRequired" ? `The one-time e-mail code is ${enabled ? "on" : "off"}.` : `${label} sign-in is ${enabled ? "on" : "off"}.`,
  });
}

export default function AuthSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Auth Settings" description="Choose how guests may sign in to RSVP." />
      <Panel>
        <p className="mb-4 flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          At least one authentication method must stay enabled, or guests could not sign in.
        </p>
        <ul className="divide-y">
          {AUTH_METHODS.map((method) => (
            <MethodSwitch
              key={method.field}
              {...method}
              enabled={loaderData.settings[method.field]}
              warning={
                method.field === "emailCodeRequired" && !loaderData.smtpConfigured
                  ? "SMTP_URL is not set on this server: codes would stay in the outbox and never reach guests."
                  : null
              }
              // Without JavaScript the refusal comes back as the page's action data.
              serverError={actionData?.field === method.field ? actionData.message : null}
            />
          ))}
        </ul>
      </Panel>
    </>
  );
}

/**
 * One method: with JavaScript the switch saves as soon as it changes (a
 * fetcher); without, it is a small form with its own Save button.
 */
function MethodSwitch({
  field,
  label,
  description,
  proves,
  warning,
  enabled,
  serverError,
}: {
  field: AuthMethodField;
  label: string;
  description: string;
  proves: string;
  warning?: string | null;
  enabled: boolean;
  serverError: string | null;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>({ key: `auth-${field}` });
  const pending = fetcher.formData ? fetcher.formData.get("enabled") === "on" : null;
  const checked = pending ?? enabled;
  const error = fetcher.state === "idle" && fetcher.data?.field === field ? fetcher.data.message : serverError;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.field === field && fetcher.data.message) {
      toast({ type: "error", title: "Error", description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data, field]);

  const id = `switch-${field}`;
  return (
    <li className="py-4">
      <fetcher.Form method="post" className="flex items-start gap-4">
        <input type="hidden" name="field" value={field} />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="cursor-pointer font-medium">
            {label}
          </label>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
          <p className="mt-1 text-sm font-medium" data-testid={`proves-${field}`}>
            {proves}
          </p>
          {warning ? <p className="mt-1 text-sm font-medium text-destructive">{warning}</p> : null}
          <div aria-live="polite" className="min-h-5">
            {error ? (
              <p id={`${id}-error`} role="alert" className="pt-1 text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-3 pt-0.5">
          <Switch
            id={id}
            name="enabled"
            // Controlled; without JavaScript the browser toggles it natively and Save posts it.
            checked={checked}
            onChange={(event) => fetcher.submit(event.currentTarget.form)}
            aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
            aria-invalid={error ? true : undefined}
          />
          {hydrated ? null : (
            <Button type="submit" size="sm" variant="outline">
              Save<span className="sr-only"> {label}</span>
            </Button>
          )}
        </div>
      </fetcher.Form>
    </li>
  );
}
