import { SpriteIcon } from "~/components/ui/sprite-icon";
import { ImageOff } from "lucide-react";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { formatEuro } from "~/components/admin/format";
import { Button } from "~/components/ui/button";
import { RoomPhoto } from "./room-photo";
import type { RoomTypeValues } from "./room-type-form";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Photo, name, category, area in m² and ft², occupancy, units, price, actions. */
export function RoomTypesTable({ roomTypes, linkTo }: { roomTypes: RoomTypeValues[]; linkTo: (param: "edit" | "delete", id: string) => string }) {
  return (
    <DataTable
      caption="Room types"
      rows={roomTypes}
      rowKey={(r) => r.id}
      empty='No room types yet. Click "Add Room Type" to create one.'
      columns={[
        {
          header: "Photo",
          cell: (r) =>
            r.imageUrls[0] ? (
              <RoomPhoto url={r.imageUrls[0]} alt={`${r.name}, cover photo`} sizes="96px" className="w-24" />
            ) : (
              <span className="flex aspect-[4/3] w-24 items-center justify-center rounded-md bg-muted text-muted-foreground">
                <ImageOff aria-hidden="true" className="size-5" />
                <span className="sr-only">No photo</span>
              </span>
            ),
        },
        {
          header: "Name",
          cell: (r) => (
            <span className="flex flex-col max-md:items-end">
              <span className="font-medium">{r.name}</span>
              <span className="text-muted-foreground">{r.location}</span>
              <span className="text-muted-foreground">{plural(r.imageUrls.length, "photo", "photos")}</span>
            </span>
          ),
        },
        { header: "Category", cell: (r) => r.category },
        {
          header: "Area",
          className: "tabular-nums",
          cell: (r) => (
            <span>
              {r.areaSqM} m² / {r.areaSqFt} ft²
            </span>
          ),
        },
        {
          header: "Occupancy",
          cell: (r) => (
            <span>
              {plural(r.maxOccupancyAdults, "adult", "adults")}
              {r.maxOccupancyChildren ? `, ${plural(r.maxOccupancyChildren, "child", "children")}` : ""}
            </span>
          ),
        },
        { header: "Units", className: "tabular-nums", cell: (r) => r.totalUnits },
        {
          header: "Price",
          className: "tabular-nums",
          cell: (r) => (
            <span className="flex flex-col max-md:items-end">
              <span>{formatEuro(r.pricePerNight)}</span>
              <span className="text-muted-foreground">for 2 nights</span>
            </span>
          ),
        },
        {
          header: "Actions",
          srOnlyHeader: true,
          className: "md:text-right",
          cell: (r) => (
            <div className="flex gap-1 md:justify-end">
              <Button asChild variant="ghost" size="icon">
                <Link to={linkTo("edit", r.id)} preventScrollReset aria-label={`Edit ${r.name}`}>
                  <SpriteIcon name="pencil" />
                </Link>
              </Button>
              <Button asChild variant="ghost-danger" size="icon">
                <Link to={linkTo("delete", r.id)} preventScrollReset aria-label={`Delete ${r.name}`}>
                  <SpriteIcon name="trash" />
                </Link>
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
