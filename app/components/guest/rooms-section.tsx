import { useState } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { useLocation, useNavigation } from "react-router";
import { CheckIcon, CreditCardIcon, RotateCcwIcon, XIcon } from "./icons";
import { TextareaField } from "~/components/ui/field";
import { fmt, useT } from "~/i18n";
import { intentValue } from "~/schemas/guest-rsvp-intents";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { InfoDialog, StepDialog } from "./guest-dialog";
import { GuestCard } from "./guest-shell";
import type { GuestRoom } from "~/models/guest-view.server";
import type { PaymentSummary } from "~/models/payment-summary";
import { PaymentInfo } from "./payment-info";
import type { GuestPayment } from "~/models/host-texts";
import { NoticeBox, type Notice } from "./notice";
import { RoomCard } from "./room-card";
import { sectionAction } from "./submitter";
import { button, control } from "./styles";

/**
 * "Your Room Assignments" on the RSVP form. Each decision is stored at once
 * (the button submits the whole RSVP form with its intent, so nothing typed
 * elsewhere is lost); Change returns a decided room to pending.
 */
export function RoomsSection({
  formId,
  rooms,
  owed,
  intro,
  code,
  reference,
  payment,
  declining,
  onDecline,
  reasonField,
  draftReason,
  notice,
}: {
  formId: string;
  rooms: GuestRoom[];
  owed: PaymentSummary;
  intro: string | null;
  code: string | null;
  reference?: string | null;
  payment: GuestPayment | null;
  /** The room whose decline step is open, or null. */
  declining: string | null;
  onDecline: (id: string | null) => void;
  reasonField: FieldMetadata<string>;
  draftReason: string | null;
  /** Without JavaScript, the answer to a room's button is shown here. */
  notice?: Notice | null;
}) {
  const t = useT();
  const g = t.guest;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const [reason, setReason] = useState("");
  const formAction = sectionAction(hydrated, useLocation(), "rooms");

  const submitButton = (intent: "room-confirm" | "room-change" | "room-decline-open", id: string) => ({
    type: "submit" as const,
    form: formId,
    name: "intent",
    value: intentValue(intent, id),
    formNoValidate: true,
    formAction,
    disabled: pendingIntent === intentValue(intent, id),
  });

  return (
    <GuestCard id="rooms" title={t.rsvp.roomsTitle} description={intro ?? t.rsvp.roomsIntro}>
      <NoticeBox notice={notice} />
      <ul className="space-y-4">
        {rooms.map((room) => {
          const declineIntent = intentValue("room-decline", room.id);
          const isDeclining = declining === room.id;
          return (
            <RoomCard key={room.id} room={room}>
              <div className="mt-3 flex flex-wrap gap-2">
                {room.confirmationStatus === "pending" ? (
                  <>
                    <button {...submitButton("room-confirm", room.id)} className={cn(button.smallPrimary, "flex-1 sm:flex-none")}>
                      <CheckIcon aria-hidden="true" />
                      {g.confirm}
                    </button>
                    {hydrated ? (
                      <button
                        type="button"
                        className={cn(button.smallOutline, "flex-1 sm:flex-none")}
                        onClick={() => {
                          setReason("");
                          onDecline(room.id);
                        }}
                      >
                        <XIcon aria-hidden="true" />
                        {g.decline}
                      </button>
                    ) : (
                      <button {...submitButton("room-decline-open", room.id)} className={cn(button.smallOutline, "flex-1 sm:flex-none")}>
                        <XIcon aria-hidden="true" />
                        {g.decline}
                      </button>
                    )}
                  </>
                ) : (
                  <button {...submitButton("room-change", room.id)} className={button.smallOutline}>
                    <RotateCcwIcon aria-hidden="true" />
                    {g.change}
                  </button>
                )}
              </div>
              <StepDialog
                open={isDeclining}
                onOpenChange={(next) => !next && onDecline(null)}
                title={fmt(g.declineRoomTitle, { name: room.roomType.name })}
                description={g.declineRoomIntro}
              >
                <input type="hidden" name="target" value={room.id} form={formId} />
                <TextareaField
                  labelProps={{ children: g.declineReason, className: "text-base font-semibold" }}
                  textareaProps={{
                    id: reasonField.id,
                    name: reasonField.name,
                    form: formId,
                    defaultValue: draftReason ?? "",
                    placeholder: g.declineReasonPlaceholder,
                    onInput: (e: React.FormEvent<HTMLTextAreaElement>) => setReason(e.currentTarget.value),
                    className: cn(control, "min-h-28 py-3"),
                  }}
                  errors={reasonField.errors}
                />
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  {hydrated ? (
                    <button type="button" className={button.smallOutline} onClick={() => onDecline(null)}>
                      {g.keepRoom}
                    </button>
                  ) : (
                    <button type="submit" form={formId} name="intent" value="close" formNoValidate formAction={formAction} className={button.smallOutline}>
                      {g.keepRoom}
                    </button>
                  )}
                  <button
                    type="submit"
                    form={formId}
                    name="intent"
                    value={declineIntent}
                    formNoValidate
                    formAction={formAction}
                    className={button.smallPrimary}
                    // SPEC.md 5: the confirm button stays disabled until there is a reason.
                    disabled={(hydrated && reason.trim() === "") || pendingIntent === declineIntent}
                  >
                    {g.declineRoomButton}
                  </button>
                </div>
              </StepDialog>
            </RoomCard>
          );
        })}
      </ul>
      <div className="mt-6">
        <InfoDialog
          label={g.paymentDetails}
          title={g.paymentInformation}
          triggerClassName={button.secondary}
          icon={<CreditCardIcon aria-hidden="true" />}
          wide
        >
          <PaymentInfo summary={owed} code={code} reference={reference} payment={payment} />
        </InfoDialog>
      </div>
    </GuestCard>
  );
}
