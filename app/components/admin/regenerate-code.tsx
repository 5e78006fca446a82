import { Form, useNavigation } from "react-router";
import { RefreshCwIcon } from "lucide-react";
import { Button } from "~/components/ui/button";

/**
 * "A leaked link can be taken back" (issue 15): a real form posting
 * `intent=regenerate-code` to the page's action (works without JavaScript).
 */
export function RegenerateCodeForm({ what, hidden = {} }: { what: "party" | "guest"; hidden?: Record<string, string> }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "regenerate-code";
  return (
    <Form method="post" className="mt-4 flex flex-col gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between print:hidden">
      <input type="hidden" name="intent" value="regenerate-code" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-muted-foreground">
        {what === "party" ? "Link leaked? " : "Code leaked? "}A new code replaces the old one: the old {what === "party" ? "link" : "code"} stops
        working and everyone signed in with it is signed out. Sign-ins by e-mail or phone stay.
      </p>
      <Button type="submit" variant="outline" size="sm" disabled={busy} className="shrink-0">
        <RefreshCwIcon aria-hidden="true" /> {busy ? "Generating..." : "New invitation code"}
      </Button>
    </Form>
  );
}
