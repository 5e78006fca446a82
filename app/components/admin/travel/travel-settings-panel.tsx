import { Form } from "react-router";
import { useClearAfterSave } from "~/components/admin/clear-after-save";
import { Panel } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

type Settings = {
  enabled: boolean;
  windowStart: string | null;
  windowEnd: string | null;
  deadline: string | null;
  bufferMinutes: number;
  maxWaitMinutes: number;
  seats: number;
  leadMinutes: number;
};
type Point = { id: string; name: string; namePt: string | null; kind: "airport" | "station" | "other"; transfer: boolean; driveMinutes: number };

const ACTION = "/admin/event/travel";
const labelClass = "flex flex-col gap-1 text-sm font-medium";

function Num({ name, label, value, min = 0, max }: { name: string; label: string; value: number; min?: number; max: number }) {
  return (
    <label className={labelClass}>
      {label}
      <Input type="number" name={name} defaultValue={value} min={min} max={max} step={1} required />
    </label>
  );
}

function PointFields({ point }: { point?: Point }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className={labelClass}>
        Name (English)
        <Input name="name" defaultValue={point?.name} required maxLength={120} placeholder="Porto Airport (OPO)" />
      </label>
      <label className={labelClass}>
        Name (Portuguese, optional)
        <Input name="namePt" defaultValue={point?.namePt ?? ""} maxLength={120} placeholder="Aeroporto do Porto (OPO)" />
      </label>
      <label className={labelClass}>
        Kind
        <select name="kind" defaultValue={point?.kind ?? "airport"} className="control control-line">
          <option value="airport">Airport</option>
          <option value="station">Station</option>
          <option value="other">Other</option>
        </select>
      </label>
      <Num name="driveMinutes" label="Driving time to the venue (minutes)" value={point?.driveMinutes ?? 0} max={1440} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="transfer" defaultChecked={point?.transfer ?? true} className="size-4" /> A transfer is offered from here
      </label>
    </div>
  );
}

/** Event Configuration's "Travel" panel (issue 26): the questions' switch, window, deadline, planner settings and points. */
export function TravelSettingsPanel({ settings, points, rsvpDeadline }: { settings: Settings; points: Point[]; rsvpDeadline: string | null }) {
  const clearNew = useClearAfterSave();
  return (
    <Panel id="travel" title="Travel" description="Ask guests when and where they arrive and leave, and plan the shuttles (Travel page).">
      <Form method="post" action={ACTION} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="settings" />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="enabled" defaultChecked={settings.enabled} className="size-4" /> Ask guests for their travel
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          <label className={labelClass}>
            First travel day
            <Input type="date" name="windowStart" defaultValue={settings.windowStart ?? ""} />
          </label>
          <label className={labelClass}>
            Last travel day
            <Input type="date" name="windowEnd" defaultValue={settings.windowEnd ?? ""} />
          </label>
          <label className={labelClass}>
            Travel deadline
            <Input type="date" name="deadline" defaultValue={settings.deadline ?? ""} aria-describedby="travel-deadline-hint" />
            <span id="travel-deadline-hint" className="text-xs font-normal text-muted-foreground">
              Empty: the RSVP deadline{rsvpDeadline ? ` (${rsvpDeadline})` : ""}
            </span>
          </label>
          <Num name="bufferMinutes" label="Buffer after landing (minutes)" value={settings.bufferMinutes} max={600} />
          <Num name="maxWaitMinutes" label="Longest wait after landing (minutes)" value={settings.maxWaitMinutes} max={1440} />
          <Num name="seats" label="Vehicle seats" value={settings.seats} min={1} max={99} />
          <Num name="leadMinutes" label="At the point before a departure (minutes)" value={settings.leadMinutes} max={1440} />
        </div>
        <div>
          <button type="submit" className={buttonVariants({ size: "sm" })}>
            Save travel settings
          </button>
        </div>
      </Form>
      <h3 className="mt-6 text-base font-semibold">Arrival points</h3>
      <ul className="mt-2 flex flex-col gap-4">
        {points.map((p) => (
          <li key={p.id} className="rounded-md border p-3">
            <Form method="post" action={ACTION} className="flex flex-col gap-3" aria-label={`Travel point ${p.name}`}>
              <input type="hidden" name="id" value={p.id} />
              <PointFields point={p} />
              <div className="flex gap-2">
                <button type="submit" name="intent" value="point-save" className={buttonVariants({ size: "sm", variant: "outline" })}>
                  Save point<span className="sr-only"> {p.name}</span>
                </button>
                <button type="submit" name="intent" value="point-delete" className={buttonVariants({ size: "sm", variant: "ghost" })}>
                  Delete<span className="sr-only"> {p.name}</span>
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" action={ACTION} {...clearNew} className="mt-4 flex flex-col gap-3 rounded-md border border-dashed p-3" aria-label="New travel point">
        <input type="hidden" name="intent" value="point-add" />
        <PointFields />
        <div>
          <button type="submit" className={buttonVariants({ size: "sm", variant: "outline" })}>
            Add point
          </button>
        </div>
      </Form>
    </Panel>
  );
}
