import { MaxFileSizeExceededError, parseFormData } from "@remix-run/form-data-parser";
import { MAX_FILES_PER_UPLOAD, storeUploadedImages } from "~/models/uploads.server";
import { AppError } from "~/utils/errors";
import { MAX_UPLOAD_BYTES } from "~/utils/uploads";

/**
 * Reads the room type form. Without JavaScript its photos arrive with it (a
 * multipart POST): they are stored by the same model call as
 * POST /api/upload/images, and their URLs appended to the form's photo list,
 * so a form re-shown with an error keeps them. `uploadError` is the model's
 * refusal (not an image, over 10MB...), with the other fields still read.
 */
export function readRoomTypeForm(request: Request) {
  return readFormWithPhotos(request, {
    fileField: "files",
    appendUrls(formData, urls) {
      const taken = [...formData.keys()].map((k) => /^imageUrls\[(\d+)\]$/.exec(k)?.[1]).filter(Boolean).map(Number);
      let next = taken.length ? Math.max(...taken) + 1 : 0;
      for (const url of urls) formData.append(`imageUrls[${next++}]`, url);
    },
  });
}

/** The same for any admin form with photos (the landing gallery, issue 18): `appendUrls` adds the stored ones to the form's list. */
export async function readFormWithPhotos(
  request: Request,
  { fileField, appendUrls }: { fileField: string; appendUrls: (formData: FormData, urls: string[]) => void },
): Promise<{ formData: FormData; uploadError: AppError | null }> {
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return { formData: await request.formData(), uploadError: null };
  }
  const forUpload = request.clone();
  let files = 0;
  let formData: FormData;
  try {
    // Text fields only; files are counted and dropped here, the model reads them from the copy.
    formData = await parseFormData(
      request,
      // A generous size here so an oversized photo is reported by the model, naming it, with the fields kept.
      { maxFileSize: 4 * MAX_UPLOAD_BYTES, maxFiles: MAX_FILES_PER_UPLOAD * 2 },
      async (file) => {
        if (file.fieldName === fileField && file.name && file.size > 0) files++;
        return null;
      },
    );
  } catch (error) {
    if (!(error instanceof MaxFileSizeExceededError)) throw error;
    formData = new FormData();
    files = 1;
  }
  if (files === 0) {
    await forUpload.body?.cancel();
    return { formData, uploadError: null };
  }
  try {
    appendUrls(formData, await storeUploadedImages(forUpload, fileField));
    return { formData, uploadError: null };
  } catch (error) {
    if (error instanceof AppError) return { formData, uploadError: error };
    throw error;
  }
}
