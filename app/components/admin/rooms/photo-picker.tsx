import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { imageFileProblem } from "~/schemas/admin-rooms";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/hydrated";
import { RoomPhoto } from "./room-photo";

type Upload = { name: string; preview: string };

/** "Invalid file type - x.pdf is not an image file" as a toast: title before the dash, the rest below. */
function toastProblem(message: string, fallbackTitle: string) {
  const at = message.indexOf(" - ");
  toast(at > 0 ? { type: "error", title: message.slice(0, at), description: message.slice(at + 3) } : { type: "error", title: fallbackTitle, description: message });
}

/**
 * The room type's photos, in order (the first is the cover), with move and
 * remove buttons (Conform intents, so they work without JavaScript too).
 * With JavaScript, picked files are checked here (SPEC.md section 5's
 * messages), shown as previews and sent to POST /api/upload/images at once;
 * without it they travel with the form and the page's action stores them.
 * The server checks every file either way.
 */
export function PhotoPicker({
  form,
  field,
  serverError,
  onBusyChange,
}: {
  form: FormMetadata;
  field: FieldMetadata<string[] | undefined>;
  serverError?: string | null;
  onBusyChange: (busy: boolean) => void;
}) {
  const inputId = useId();
  const hydrated = useHydrated();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const photos = field.getFieldList();
  const latest = useRef<string[]>([]);
  latest.current = photos.map((p) => p.value ?? "").filter(Boolean);

  async function upload(files: File[]) {
    const found = files.map(imageFileProblem).filter((p): p is string => p !== null);
    const good = files.filter((f) => imageFileProblem(f) === null);
    setProblems(found);
    if (found[0]) toastProblem(found[0], "Upload failed");
    if (good.length === 0) return;
    const pending = good.map((f) => ({ name: f.name, preview: URL.createObjectURL(f) }));
    setUploads(pending);
    onBusyChange(true);
    try {
      const body = new FormData();
      for (const file of good) body.append("files", file);
      const response = await fetch("/api/upload/images", { method: "POST", body, credentials: "same-origin" });
      const answer = (await response.json().catch(() => null)) as { urls?: string[]; message?: string } | null;
      if (!response.ok || !answer?.urls) throw new Error(answer?.message ?? `${response.status}: ${response.statusText}`);
      // One update for the whole list: several inserts in one tick would each see the old list.
      form.update({ name: field.name, value: [...latest.current, ...answer.urls] });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setProblems((list) => [...list, message]);
      toast({ type: "error", title: "Upload failed", description: message });
    } finally {
      for (const p of pending) URL.revokeObjectURL(p.preview);
      setUploads([]);
      onBusyChange(false);
    }
  }

  const fileInput = (
    <input
      id={inputId}
      type="file"
      name="files"
      accept="image/*"
      multiple
      className={hydrated ? "sr-only" : "block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"}
      aria-describedby={`${inputId}-hint`}
      onChange={(event) => {
        if (!hydrated) return;
        const files = [...(event.currentTarget.files ?? [])];
        // Sent now, not with the form: clear the field so the save does not send them twice.
        event.currentTarget.value = "";
        void upload(files);
      }}
    />
  );
  const errors = [...problems, serverError, ...(field.errors ?? [])];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Photos</legend>
      {photos.length === 0 && uploads.length === 0 ? <p className="text-sm text-muted-foreground">No photos yet.</p> : null}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos, in the order guests see them">
        {photos.map((photo, index) => {
          const url = photo.value ?? photo.initialValue ?? "";
          return (
            <li key={photo.key} className="flex flex-col gap-1 rounded-md border bg-card p-1.5" data-testid="photo-item">
              <input type="hidden" name={photo.name} value={url} />
              <div className="relative">
                <RoomPhoto url={url} alt={`Photo ${index + 1}`} sizes="(min-width: 640px) 160px, 45vw" className="w-full" />
                {index === 0 ? (
                  <span className="absolute top-1 left-1 rounded bg-background/90 px-1.5 py-0.5 text-xs font-medium">Cover</span>
                ) : null}
              </div>
              <div className="flex justify-between">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                  disabled={index === 0}
                  aria-label={`Move photo ${index + 1} earlier`}
                >
                  <ArrowLeft aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                  disabled={index === photos.length - 1}
                  aria-label={`Move photo ${index + 1} later`}
                >
                  <ArrowRight aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-destructive hover:text-destructive"
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
        {uploads.map((u) => (
          <li key={u.preview} className="relative flex flex-col gap-1 rounded-md border bg-card p-1.5">
            <img src={u.preview} alt={`${u.name}, uploading`} className="aspect-[4/3] w-full rounded-md object-cover opacity-60" />
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              <Loader2 aria-hidden="true" className="size-3 animate-spin" />
              Uploading...
            </span>
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-1.5">
        {/* Without JavaScript the native file field shows which files will be sent with the form. */}
        <label
          htmlFor={inputId}
          className={cn(
            "inline-flex w-fit items-center gap-2 text-sm font-medium",
            hydrated &&
              "cursor-pointer rounded-md border border-input bg-background px-3 py-2 shadow-xs hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
          )}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          Add photos
          {hydrated ? fileInput : null}
        </label>
        {hydrated ? null : fileInput}
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          Images up to 10MB each; choose several at once. The first photo is the cover.
        </p>
        <div aria-live="polite">
          <ErrorList errors={errors} />
        </div>
      </div>
    </fieldset>
  );
}
