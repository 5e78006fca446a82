import { Link } from "react-router";
import { Progress } from "~/components/ui/progress";
import { cn } from "~/utils/cn";
import type { InventoryItem } from "./types";

/** One card per room type: total, assigned, available (red at zero) and a bar of assigned over total. */
export function InventoryGrid({ inventory, loading }: { inventory: InventoryItem[]; loading: boolean }) {
  return (
    <section aria-labelledby="inventory-heading" className="flex flex-col gap-3">
      <div className="flex items-baseline gap-3">
        <h2 id="inventory-heading" className="text-lg font-semibold">
          Room Inventory
        </h2>
        <p role="status" className="text-sm text-muted-foreground">
          {loading ? "Loading inventory..." : ""}
        </p>
      </div>
      {inventory.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No room types yet.{" "}
          <Link to="/admin/room-types" className="text-primary underline underline-offset-4">
            Add a room type
          </Link>{" "}
          to start assigning rooms.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {inventory.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
              <div>
                <h3 className="font-semibold">{item.name}</h3>
                <p className="text-sm text-muted-foreground">{item.location}</p>
              </div>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-muted-foreground">Total</dt>
                  <dd className="text-lg font-semibold tabular-nums">{item.totalUnits}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Assigned</dt>
                  <dd className="text-lg font-semibold tabular-nums">{item.assignedUnits}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Available</dt>
                  <dd
                    data-testid="available-units"
                    className={cn("text-lg font-semibold tabular-nums", item.availableUnits <= 0 ? "text-destructive" : "text-success")}
                  >
                    {item.availableUnits}
                  </dd>
                </div>
              </dl>
              <Progress
                value={item.assignedUnits}
                max={item.totalUnits}
                aria-label={`${item.name}: rooms assigned`}
                valueText={`${item.assignedUnits} of ${item.totalUnits} assigned`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
