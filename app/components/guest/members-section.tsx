import type { FieldMetadata } from "@conform-to/react";
import { useLocation, useNavigation } from "react-router";
import { PencilIcon, Trash2Icon, UserPlusIcon } from "./icons";
import { Field, SelectField } from "~/components/ui/field";
import { fmt, useT } from "~/i18n";
import { intentValue } from "~/schemas/guest-rsvp-intents";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { StepDialog } from "./guest-dialog";
import { GuestCard } from "./guest-shell";
import type { GuestMember } from "~/models/guest-view.server";
import { NoticeBox, type Notice } from "./notice";
import { button, control } from "./styles";
import { sectionAction } from "./submitter";

type MemberFields = {
  memberFirstName: FieldMetadata<string>;
  memberLastName: FieldMetadata<string>;
  memberEmail: FieldMetadata<string>;
  memberPhone: FieldMetadata<string>;
  memberAgeCategory: FieldMetadata<string>;
};

/** The draft a failed save came back with (no JavaScript), else the member's own values. */
export type MemberDraft = Partial<Record<keyof MemberFields, string>>;

/**
 * Party Members: the list, and one editor (add or edit) in a dialog. All its
 * controls belong to the RSVP form (`form=`), so saving a member also carries
 * whatever the guest has typed in the rest of the form.
 */
export function MembersSection({
  formId,
  members,
  editing,
  onEdit,
  fields,
  draft,
  notice,
}: {
  formId: string;
  members: GuestMember[];
  /** "new", a member's id, or null. */
  editing: string | null;
  onEdit: (id: string | null) => void;
  fields: MemberFields;
  draft: MemberDraft | null;
  /** Without JavaScript, the answer to a member's button is shown here. */
  notice?: Notice | null;
}) {
  const t = useT().guest;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const ageLabel = { adult: t.adult, kid: t.kid, baby: t.baby };
  const count = (c: GuestMember["ageCategory"]) => members.filter((m) => m.ageCategory === c).length;
  const member = editing && editing !== "new" ? members.find((m) => m.id === editing) : undefined;
  const open = editing === "new" || !!member;
  const formAction = sectionAction(hydrated, useLocation(), "members");
  const pendingIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";

  /** Without JavaScript, opening the editor is a round trip that keeps the draft. */
  const opener = (target: string) =>
    hydrated
      ? { type: "button" as const, onClick: () => onEdit(target) }
      : { type: "submit" as const, form: formId, name: "intent", value: intentValue("member-open", target), formNoValidate: true, formAction };

  const value = (key: keyof MemberFields, fallback: string | null | undefined) => draft?.[key] ?? fallback ?? "";
  const saveIntent = intentValue("member-save", editing ?? "new");
  const removeIntent = member ? intentValue("member-remove", member.id) : "";

  return (
    <GuestCard
      id="members"
      title={t.partyMembers}
      description={fmt(t.membersSummary, { total: members.length, adults: count("adult"), kids: count("kid"), babies: count("baby") })}
    >
      <NoticeBox notice={notice} />
      <p className="text-sm text-muted-foreground">{t.comingHint}</p>
      <ul className="divide-y divide-ink/10">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="member">
            <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
              <p className="truncate text-lg font-semibold">
                {m.firstName} {m.lastName}
              </p>
              <p className="text-sm text-muted-foreground">
                {ageLabel[m.ageCategory]}
                {m.email ? ` · ${m.email}` : ""}
              </p>
            </div>
            {/* Issue 14: each member is coming or not; the list says who was asked about. */}
            <input type="hidden" name="memberIds" value={m.id} form={formId} />
            <label className="mr-auto inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink/15 px-3 text-base font-medium has-[:checked]:border-olive has-[:checked]:bg-olive/10">
              <input
                type="checkbox"
                name="coming"
                value={m.id}
                form={formId}
                defaultChecked={m.attending !== false}
                className="size-5 accent-olive"
                data-testid="member-coming"
              />
              {t.coming}
              <span className="sr-only">: {m.firstName} {m.lastName}</span>
            </label>
            <button {...opener(m.id)} className={button.smallOutline}>
              <PencilIcon aria-hidden="true" />
              <span className="max-sm:sr-only">{t.editMember}</span>
              <span className="sr-only">
                : {m.firstName} {m.lastName}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button {...opener("new")} className={cn(button.secondary, "mt-4")}>
        <UserPlusIcon aria-hidden="true" />
        {t.addMember}
      </button>

      <StepDialog
        open={open}
        onOpenChange={(next) => !next && onEdit(null)}
        title={member ? fmt(t.editMemberNamed, { name: `${member.firstName} ${member.lastName}` }) : t.addMember}
      >
        {/* key: a fresh editor (and fresh default values) for each member. */}
        <div key={editing ?? ""} className="grid gap-2">
          <input type="hidden" name="target" value={editing ?? "new"} form={formId} />
          <div className="grid gap-x-4 sm:grid-cols-2">
            <MemberInput field={fields.memberFirstName} label={t.firstName} formId={formId} defaultValue={value("memberFirstName", member?.firstName)} autoComplete="off" />
            <MemberInput field={fields.memberLastName} label={t.lastName} formId={formId} defaultValue={value("memberLastName", member?.lastName)} autoComplete="off" />
          </div>
          <MemberInput field={fields.memberEmail} label={`${t.email} ${t.optional}`} formId={formId} type="email" defaultValue={value("memberEmail", member?.email)} autoComplete="off" />
          <MemberInput field={fields.memberPhone} label={`${t.phone} ${t.optional}`} formId={formId} type="tel" hint={t.phoneHint} defaultValue={value("memberPhone", member?.phone)} autoComplete="off" />
          <SelectField
            labelProps={{ children: t.ageCategory, className: "text-base font-semibold" }}
            selectProps={{
              id: fields.memberAgeCategory.id,
              name: fields.memberAgeCategory.name,
              form: formId,
              defaultValue: value("memberAgeCategory", member?.ageCategory ?? "adult"),
              className: cn(control, "h-12"),
            }}
            errors={fields.memberAgeCategory.errors}
          >
            <option value="adult">{t.adult}</option>
            <option value="kid">{t.kid}</option>
            <option value="baby">{t.baby}</option>
          </SelectField>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {member ? (
              <button type="submit" form={formId} name="intent" value={removeIntent} formNoValidate formAction={formAction} className={button.smallDanger} disabled={pendingIntent === removeIntent}>
                <Trash2Icon aria-hidden="true" />
                {t.removeMember}
              </button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              {hydrated ? (
                <button type="button" className={button.smallOutline} onClick={() => onEdit(null)}>
                  {t.cancel}
                </button>
              ) : (
                <button type="submit" form={formId} name="intent" value="close" formNoValidate formAction={formAction} className={button.smallOutline}>
                  {t.cancel}
                </button>
              )}
              <button type="submit" form={formId} name="intent" value={saveIntent} formNoValidate formAction={formAction} className={button.smallPrimary} disabled={pendingIntent === saveIntent}>
                {pendingIntent === saveIntent ? t.saving : t.save}
              </button>
            </div>
          </div>
        </div>
      </StepDialog>
    </GuestCard>
  );
}

function MemberInput({
  field,
  label,
  formId,
  defaultValue,
  type = "text",
  hint,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  label: string;
  formId: string;
  defaultValue: string;
  type?: "text" | "email" | "tel";
  hint?: string;
  autoComplete?: string;
}) {
  return (
    <Field
      labelProps={{ children: label, className: "text-base font-semibold" }}
      hint={hint}
      inputProps={{
        id: field.id,
        name: field.name,
        type,
        form: formId,
        defaultValue,
        autoComplete,
        className: cn(control, "h-12"),
      }}
      errors={field.errors}
    />
  );
}
