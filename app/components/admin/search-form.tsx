import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * A list's search box (`?q=`), a plain GET form: it works without JavaScript,
 * searches every row (not the page shown) and starts again at page 1.
 * `keep` carries the list's other filters along.
 */
export function SearchForm({
  id,
  label,
  placeholder,
  value,
  keep = {},
}: {
  id: string;
  /** The form's accessible name, e.g. "Search parties". */
  label: string;
  placeholder: string;
  value: string;
  keep?: Record<string, string | null | undefined>;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 flex max-w-md items-end gap-2">
      {Object.entries(keep).map(([name, v]) => (v ? <input key={name} type="hidden" name={name} value={v} /> : null))}
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>Search</Label>
        <Input id={id} name="q" type="search" defaultValue={value} placeholder={placeholder} className="h-9" />
      </div>
      <Button type="submit" size="sm" variant="secondary">
        Search
      </Button>
    </Form>
  );
}
