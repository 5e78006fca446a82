import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CheckboxField, ErrorList, Field, TextareaField } from "~/components/ui/field";

export type FundFormValues = {
  id: string;
  title: string;
  titlePt: string | null;
  text: string | null;
  textPt: string | null;
  imageId: string | null;
  goal: number | null;
  showTotal: boolean;
  showNames: boolean;
  opensAt: string | null;
  closesAt: string | null;
};

/** Add or edit a fund: texts in both languages, a picture (uploaded with the form), a goal in euros, what guests see, the dates. */
export function FundForm({ fund, errors, error }: { fund: FundFormValues | null; errors?: Record<string, string[]>; error?: string | null }) {
  const f = fund;
  const key = f?.id ?? "new";
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2" key={key} aria-labelledby={`fund-form-${key}`}>
      <h2 id={`fund-form-${key}`} className="text-lg font-semibold sm:col-span-2">
        {f ? `Edit "${f.title}"` : "Add a fund"}
      </h2>
      <input type="hidden" name="intent" value="save-fund" />
      {f ? <input type="hidden" name="id" value={f.id} /> : null}
      <input type="hidden" name="imageId" value={f?.imageId ?? ""} />
      <Field labelProps={{ children: "Title" }} inputProps={{ name: "title", defaultValue: f?.title ?? "", required: true, maxLength: 200 }} errors={errors?.title} />
      <Field labelProps={{ children: "Title (Portuguese)" }} inputProps={{ name: "titlePt", defaultValue: f?.titlePt ?? "", maxLength: 200 }} errors={errors?.titlePt} />
      <TextareaField labelProps={{ children: "Text" }} textareaProps={{ name: "text", defaultValue: f?.text ?? "", maxLength: 2000 }} errors={errors?.text} />
      <TextareaField labelProps={{ children: "Text (Portuguese)" }} textareaProps={{ name: "textPt", defaultValue: f?.textPt ?? "", maxLength: 2000 }} errors={errors?.textPt} />
      <Field
        labelProps={{ children: "Goal in euros (optional)" }}
        inputProps={{ name: "goal", inputMode: "decimal", defaultValue: f?.goal != null ? String(f.goal / 100) : "" }}
        errors={errors?.goal}
      />
      <Field
        labelProps={{ children: f?.imageId ? "Replace the picture (optional)" : "Picture (optional)" }}
        inputProps={{ name: "picture", type: "file", accept: "image/*" }}
        errors={errors?.picture ?? errors?.imageId}
      />
      <Field labelProps={{ children: "Opens on (optional)" }} inputProps={{ name: "opensAt", type: "date", defaultValue: f?.opensAt ?? "" }} errors={errors?.opensAt} />
      <Field labelProps={{ children: "Closes on (optional)" }} inputProps={{ name: "closesAt", type: "date", defaultValue: f?.closesAt ?? "" }} errors={errors?.closesAt} hint="From this day no new gifts." />
      <CheckboxField labelProps={{ children: "Show the total to guests" }} inputProps={{ name: "showTotal", defaultChecked: f?.showTotal ?? false }} />
      <CheckboxField labelProps={{ children: "Show givers' names (else only a count)" }} inputProps={{ name: "showNames", defaultChecked: f?.showNames ?? false }} />
      <ErrorList errors={[error]} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit">Save fund</Button>
      </div>
    </Form>
  );
}
