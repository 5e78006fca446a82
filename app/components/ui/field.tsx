import * as React from "react";
import { cn } from "~/utils/cn";
import { Checkbox } from "./checkbox";
import { Input } from "./input";
import { Label } from "./label";
import { Select } from "./select";
import { Switch } from "./switch";
import { Textarea } from "./textarea";

/*
 * Form fields in the manner of epic-stack's forms.tsx: label above the
 * control, `id`/`htmlFor`/`aria-invalid`/`aria-describedby` wired up, and a
 * fixed-height error slot below so the layout does not jump when an error
 * appears. All of it is plain server-rendered HTML (works without JavaScript).
 *
 * Ids: the error list is `${id}-error` and the hint `${id}-description`, the
 * same ids Conform generates (`field.errorId` / `field.descriptionId`), so
 * Conform's `getInputProps(field, ...)` can be passed straight in as
 * `inputProps`.
 */

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors, className }: { id?: string; errors?: ListOfErrors; className?: string }) {
  const errorsToRender = errors?.filter((e): e is string => Boolean(e));
  if (!errorsToRender?.length) return null;
  return (
    <ul id={id} role="list" data-slot="error-list" className={cn("flex flex-col gap-1", className)}>
      {errorsToRender.map((e) => (
        <li key={e} className="text-sm text-destructive">
          {e}
        </li>
      ))}
    </ul>
  );
}

type LabelProps = React.ComponentProps<"label">;

/**
 * Conform's `getInputProps()` includes `key`; React warns when `key` is spread
 * into JSX, so it is split off and passed explicitly.
 */
function splitKey<T extends object>(props: T): [React.Key | undefined, T] {
  const { key, ...rest } = props as T & { key?: React.Key | null };
  return [key ?? undefined, rest as T];
}

/** Wiring shared by every field type. */
function useFieldIds(
  controlId: string | undefined,
  errors: ListOfErrors,
  hint: React.ReactNode,
  extraDescribedBy: string | undefined,
  ariaInvalid: React.AriaAttributes["aria-invalid"],
) {
  const fallbackId = React.useId();
  const id = controlId ?? fallbackId;
  const ownErrorId = `${id}-error`;
  const ownHintId = `${id}-description`;
  const hasErrors = Boolean(errors?.some(Boolean));
  const errorId = hasErrors ? ownErrorId : undefined;
  const hintId = hint ? ownHintId : undefined;
  // Keep any ids the caller passed, except ours (we add those only when rendered).
  const extra = (extraDescribedBy ?? "").split(/\s+/).filter((t) => t && t !== ownErrorId && t !== ownHintId);
  const describedBy = [errorId, hintId, ...extra].filter(Boolean).join(" ") || undefined;
  const invalid = hasErrors ? true : ariaInvalid === false || ariaInvalid === "false" ? undefined : ariaInvalid;
  return { id, errorId, hintId, describedBy, invalid };
}

function Hint({ id, children }: { id?: string; children: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} data-slot="field-hint" className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** Fixed minimum height so that a message appearing/disappearing does not shift the layout. */
function ErrorSlot({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  return (
    <div data-slot="field-error-slot" className="min-h-5 pt-1">
      {id ? <ErrorList id={id} errors={errors} /> : null}
    </div>
  );
}

type FieldBaseProps = {
  labelProps: LabelProps;
  errors?: ListOfErrors;
  /** Help text under the label, linked via aria-describedby. */
  hint?: React.ReactNode;
  className?: string;
};

export function Field({
  labelProps,
  inputProps,
  errors,
  hint,
  className,
}: FieldBaseProps & { inputProps: React.ComponentProps<typeof Input> }) {
  const { id, errorId, hintId, describedBy, invalid } = useFieldIds(
    inputProps.id,
    errors,
    hint,
    inputProps["aria-describedby"],
    inputProps["aria-invalid"],
  );
  const [controlKey, controlProps] = splitKey(inputProps);
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1.5", className)}>
      <Label {...labelProps} htmlFor={id} />
      <Hint id={hintId}>{hint}</Hint>
      <Input key={controlKey} {...controlProps} id={id} aria-invalid={invalid} aria-describedby={describedBy} />
      <ErrorSlot id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  labelProps,
  textareaProps,
  errors,
  hint,
  className,
}: FieldBaseProps & { textareaProps: React.ComponentProps<typeof Textarea> }) {
  const { id, errorId, hintId, describedBy, invalid } = useFieldIds(
    textareaProps.id,
    errors,
    hint,
    textareaProps["aria-describedby"],
    textareaProps["aria-invalid"],
  );
  const [controlKey, controlProps] = splitKey(textareaProps);
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1.5", className)}>
      <Label {...labelProps} htmlFor={id} />
      <Hint id={hintId}>{hint}</Hint>
      <Textarea key={controlKey} {...controlProps} id={id} aria-invalid={invalid} aria-describedby={describedBy} />
      <ErrorSlot id={errorId} errors={errors} />
    </div>
  );
}

/** A native `<select>` field; `children` are the `<option>` elements. */
export function SelectField({
  labelProps,
  selectProps,
  errors,
  hint,
  className,
  children,
}: FieldBaseProps & { selectProps: React.ComponentProps<typeof Select>; children: React.ReactNode }) {
  const { id, errorId, hintId, describedBy, invalid } = useFieldIds(
    selectProps.id,
    errors,
    hint,
    selectProps["aria-describedby"],
    selectProps["aria-invalid"],
  );
  const [controlKey, controlProps] = splitKey(selectProps);
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1.5", className)}>
      <Label {...labelProps} htmlFor={id} />
      <Hint id={hintId}>{hint}</Hint>
      <Select key={controlKey} {...controlProps} id={id} aria-invalid={invalid} aria-describedby={describedBy}>
        {children}
      </Select>
      <ErrorSlot id={errorId} errors={errors} />
    </div>
  );
}

type ToggleFieldProps = FieldBaseProps & {
  inputProps: Omit<React.ComponentProps<"input">, "type">;
};

function ToggleField({
  labelProps,
  inputProps,
  errors,
  hint,
  className,
  Control,
}: ToggleFieldProps & { Control: typeof Checkbox | typeof Switch }) {
  const { id, errorId, hintId, describedBy, invalid } = useFieldIds(
    inputProps.id,
    errors,
    hint,
    inputProps["aria-describedby"],
    inputProps["aria-invalid"],
  );
  const [controlKey, controlProps] = splitKey(inputProps);
  const { className: labelClassName, ...restLabelProps } = labelProps;
  return (
    <div data-slot="field" className={cn("flex flex-col", className)}>
      {/* The whole row is clickable (label) and at least 44px high. */}
      <div className="flex min-h-11 items-center gap-3">
        <Control key={controlKey} {...controlProps} id={id} aria-invalid={invalid} aria-describedby={describedBy} />
        <Label {...restLabelProps} htmlFor={id} className={cn(
            "py-2.5 text-base font-normal",
            controlProps.disabled ? "cursor-not-allowed opacity-50" : "cursor-pointer",
            labelClassName,
          )} />
      </div>
      <Hint id={hintId}>{hint}</Hint>
      <ErrorSlot id={errorId} errors={errors} />
    </div>
  );
}

/** A native checkbox with its label to the right. */
export function CheckboxField(props: ToggleFieldProps) {
  return <ToggleField {...props} Control={Checkbox} />;
}

/** A native `input[role=switch]` with its label to the right. */
export function SwitchField(props: ToggleFieldProps) {
  return <ToggleField {...props} Control={Switch} />;
}
