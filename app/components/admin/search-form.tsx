import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";

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

/**
 * A list's filters: a GET form (without JavaScript, Apply sends it); with
 * JavaScript a changed select applies at once, the search box on Enter.
 */
export function FilterForm({ label, className, children }: { label: string; className: string; children: React.ReactNode }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className={className}
      onChange={(e) => {
        if ((e.target as HTMLElement).tagName === "SELECT") submit(e.currentTarget, { preventScrollReset: true });
      }}
    >
      {children}
    </Form>
  );
}

/** One filter of a FilterForm: a labelled select whose first option is "any". */
export function FilterSelect({
  id,
  label,
  name,
  value,
  any,
  options,
  className = "flex flex-col gap-1.5",
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  any: string;
  options: Array<{ value: string; label: string }>;
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={value} key={`${name}-${value}`}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
