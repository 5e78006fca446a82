import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import { Plus, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/**
 * Facilities as a list of short texts. Add and remove are Conform intent
 * buttons: handled in the browser with JavaScript, by the server without.
 */
export function FacilitiesList({
  form,
  field,
  legend = "Facilities",
  placeholder = "e.g. Vineyard view",
}: {
  form: FormMetadata;
  field: FieldMetadata<Array<string | undefined> | undefined>;
  legend?: string;
  placeholder?: string;
}) {
  const noun = legend === "Facilities" ? "facility" : "Portuguese facility";
  const items = field.getFieldList();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">No facilities listed yet.</p> : null}
      <ul className="flex flex-col gap-2">
        {items.map((item, index) => {
          const { key, ...inputProps } = getInputProps(item, { type: "text" });
          return (
            <li key={key} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <Input {...inputProps} aria-label={`${legend === "Facilities" ? "Facility" : legend} ${index + 1}`} placeholder={placeholder} />
                <Button
                  variant="ghost"
                  size="icon"
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  aria-label={`Remove ${noun} ${index + 1}`}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <ErrorList id={item.errorId} errors={item.errors} />
            </li>
          );
        })}
      </ul>
      <div>
        <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name: field.name })}>
          <Plus aria-hidden="true" />
          Add {noun}
        </Button>
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
