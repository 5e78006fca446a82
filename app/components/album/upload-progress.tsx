type Texts = { resumeNote: string; sending: string; uploadProgress: string; alreadyThere: string; uploadFailed: string; shareTitle: string };

/**
 * Where /scripts/album.js reports resumable uploads (issue 39): drawn by the
 * server, hidden until the script runs, its texts in the guest's language
 * carried as data attributes ({done}, {total}, {count}, {name}, {reason} filled
 * in there). Without JavaScript nothing of it shows: the form posts as it is.
 */
export function UploadProgress({ t }: { t: Texts }) {
  return (
    <>
      {/* Its line is kept empty until the script says it (not `hidden`: showing it then would move the album down). */}
      <p id="album-resume-note" className="invisible mt-2 text-sm text-ink/70">
        {t.resumeNote}
      </p>
      <div
        id="album-progress"
        className="mt-4"
        hidden
        data-sending={t.sending}
        data-progress={t.uploadProgress}
        data-skipped={t.alreadyThere}
        data-failed={t.uploadFailed}
      >
        <p id="album-progress-status" role="status" aria-live="polite" className="text-sm font-medium" />
        <ul id="album-progress-list" className="mt-2 flex flex-col gap-1 text-sm" aria-label={t.shareTitle} />
      </div>
    </>
  );
}
