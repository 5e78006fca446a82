import { SpriteIcon } from "~/components/ui/sprite-icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/room-types";
import { useActionToast } from "~/components/admin/action-toast";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { PageHeader } from "~/components/admin/page-header";
import { closeDialogUrl, refusal } from "~/routes/admin/action-replies.server";
import { RoomTypeForm } from "~/components/admin/rooms/room-type-form";
import { readRoomTypeForm } from "./room-type-form.server";
import { RoomTypesTable } from "~/components/admin/rooms/room-types-table";
import { UrlDialog } from "~/components/admin/url-dialog";
import { useHrefWith, crudDialogs } from "~/components/admin/url-state";
import { Button } from "~/components/ui/button";
import { createRoomType, listRoomTypes } from "~/models/room-types.server";
import { deleteRoomTypeWithPhotos, updateRoomTypeWithPhotos } from "~/models/uploads.server";
import { roomTypeActionSchema } from "~/schemas/admin-rooms";
import { redirectWithToast, requireAdminPage } from "~/session.server";
import { AppError } from "~/utils/errors";

export const meta: Route.MetaFunction = () => [{ title: "Room Types | Party Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const roomTypes = listRoomTypes().map((r) => ({
    id: r.id,
    name: r.name,
    location: r.location,
    category: r.category,
    areaSqM: r.areaSqM,
    areaSqFt: r.areaSqFt,
    maxOccupancyAdults: r.maxOccupancyAdults,
    maxOccupancyChildren: r.maxOccupancyChildren,
    totalUnits: r.totalUnits,
    pricePerNight: r.pricePerNight,
    description: r.description,
    facilities: r.facilities,
    imageUrls: r.imageUrls,
    // The Portuguese texts too: the edit dialog shows them, and saving it must keep them.
    namePt: r.namePt,
    locationPt: r.locationPt,
    descriptionPt: r.descriptionPt,
    facilitiesPt: r.facilitiesPt,
  }));
  return { roomTypes, ...crudDialogs(url, roomTypes) };
}

/** SPEC.md section 8's texts. */
const OUTCOME = {
  create: { title: "Room type saved", failure: "Failed to save room type. Please try again." },
  update: { title: "Room type updated", failure: "Failed to update room type. Please try again." },
  delete: { title: "Room type deleted", failure: "Failed to delete room type. Please try again." },
} as const;

export async function action({ request }: Route.ActionArgs) {
  await requireAdminPage(request);
  const { formData, uploadError } = await readRoomTypeForm(request);
  const submission = parseWithZod(formData, { schema: roomTypeActionSchema });
  if (uploadError) {
    return data(
      {
        result: submission.reply({ formErrors: [uploadError.message] }),
        uploadError: uploadError.message,
        toast: { type: "error" as const, title: "Upload failed", description: uploadError.message },
      },
      { status: uploadError.status },
    );
  }
  // No status: a list button (add facility, move photo) pressed without JavaScript; show the form again.
  if (submission.status !== "success") {
    return data({ result: submission.reply(), uploadError: null, toast: null }, { status: submission.status === "error" ? 400 : 200 });
  }
  const value = submission.value;
  const outcome = OUTCOME[value.intent];
  try {
    if (value.intent === "create") {
      const { intent: _, ...fields } = value;
      createRoomType(fields);
    } else if (value.intent === "update") {
      const { intent: _, id, ...fields } = value;
      await updateRoomTypeWithPhotos(id, fields);
    } else {
      await deleteRoomTypeWithPhotos({ id: value.id });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refusal(submission, error, `${error.message} ${outcome.failure}`);
  }
  return redirectWithToast(request, closeDialogUrl(request), { type: "success", title: outcome.title });
}

export default function RoomTypes({ loaderData, actionData }: Route.ComponentProps) {
  const { roomTypes, adding, editing, deleting } = loaderData;
  const hrefWith = useHrefWith();
  useActionToast(actionData);
  const closeTo = hrefWith({ new: null, edit: null, delete: null });
  const lastResult = actionData?.result;
  const uploadError = actionData && "uploadError" in actionData ? actionData.uploadError : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Room Types"
        description="The rooms of the hotel block (June 12-13, 2026): what guests see when they confirm a room."
        actions={
          <Button asChild>
            <Link to={hrefWith({ new: "1", edit: null, delete: null })} preventScrollReset>
              <SpriteIcon name="plus" />
              Add Room Type
            </Link>
          </Button>
        }
      />
      <UrlDialog open={adding} closeTo={closeTo} title="Add Room Type" wide>
        <RoomTypeForm lastResult={lastResult} uploadError={uploadError} closeTo={closeTo} />
      </UrlDialog>
      {editing ? (
        <UrlDialog open closeTo={closeTo} title="Edit Room Type" wide>
          <RoomTypeForm key={editing.id} roomType={editing} lastResult={lastResult} uploadError={uploadError} closeTo={closeTo} />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <ConfirmDelete
          open
          closeTo={closeTo}
          title="Delete Room Type"
          message={`Are you sure you want to delete "${deleting.name}"? Its room assignments and photos will be deleted too. This action cannot be undone.`}
          fields={{ id: deleting.id }}
          error={lastResult?.error?.[""]?.[0]}
        />
      ) : null}
      <RoomTypesTable roomTypes={roomTypes} linkTo={(param, id) => hrefWith({ new: null, edit: null, delete: null, [param]: id })} />
    </div>
  );
}
