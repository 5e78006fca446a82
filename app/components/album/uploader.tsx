import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { fmt, useT } from "~/i18n";
import { useHydrated } from "~/utils/hydrated";

type Item = { name: string; state: "hashing" | "skipped" | "sending" | "done" | "failed"; percent: number; error?: string };

/** SHA-256 of a file, hex: the server is asked which of these it already has before anything is sent. */
async function sha256(file: File) {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function knownHashes(hashes: string[]) {
  const known = new Set<string>();
  for (let i = 0; i < hashes.length; i += 40) {
    const query = hashes.slice(i, i + 40).map((h) => `hash=${h}`).join("&");
    const res = await fetch(`/api/album/photos?${query}`, { headers: { accept: "application/json" } });
    if (res.ok) for (const h of (await res.json()).known as string[]) known.add(h);
  }
  return known;
}

/**
 * Issue 39: with JavaScript, the /album form's photos go by tus (a kept
 * client, loaded only here): 5 MB chunks, retried while the connection is
 * down, resumed after a reload from where the server says they stopped.
 * Photos the server already has from this guest are skipped unsent.
 */
export function AlbumUploader({ formId }: { formId: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      const input = form.querySelector<HTMLInputElement>("input[type=file]");
      const files = [...(input?.files ?? [])];
      if (!files.length) return;
      event.preventDefault();
      void send(files).finally(() => {
        if (input) input.value = "";
      });
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  });

  const update = (i: number, change: Partial<Item>) => setItems((all) => all.map((it, j) => (j === i ? { ...it, ...change } : it)));

  async function send(files: File[]) {
    setBusy(true);
    setItems(files.map((f) => ({ name: f.name, state: "hashing", percent: 0 })));
    const tus = await import("tus-js-client");
    const hashes = await Promise.all(files.map((f) => (f.size <= 50 * 1024 * 1024 ? sha256(f) : Promise.resolve(""))));
    const known = await knownHashes(hashes.filter(Boolean));
    for (const [i, file] of files.entries()) {
      if (known.has(hashes[i]!)) {
        update(i, { state: "skipped", percent: 100 });
        continue;
      }
      update(i, { state: "sending" });
      await new Promise<void>((resolve) => {
        const upload = new tus.Upload(file, {
          endpoint: "/api/album/uploads",
          chunkSize: 5 * 1024 * 1024,
          // A phone on hotel Wi-Fi: keep trying for about two minutes, then say so.
          retryDelays: [0, 1000, 2000, 3000, 5000, 5000, 10000, 10000, 15000, 15000, 20000, 20000],
          metadata: { filename: file.name, filetype: file.type, hash: hashes[i]! },
          removeFingerprintOnSuccess: true,
          onProgress: (sent, total) => update(i, { percent: Math.floor((sent / total) * 100) }),
          onSuccess: () => {
            update(i, { state: "done", percent: 100 });
            resolve();
          },
          onError: (error) => {
            const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
            let reason = error.message;
            try {
              reason = JSON.parse(body ?? "").message ?? reason;
            } catch {
              /* not the API's JSON */
            }
            update(i, { state: "failed", error: reason });
            resolve();
          },
        });
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
      });
    }
    setBusy(false);
    void revalidator.revalidate();
  }

  if (!hydrated) return null;
  if (!items.length) return <p className="mt-2 text-sm text-ink/70">{t.album.resumeNote}</p>;
  const done = items.filter((it) => it.state === "done" || it.state === "skipped").length;
  const skipped = items.filter((it) => it.state === "skipped").length;
  return (
    <div className="mt-4">
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {busy ? t.album.sending : null} {fmt(t.album.uploadProgress, { done, total: items.length })}
        {skipped ? ` · ${fmt(t.album.alreadyThere, { count: skipped })}` : ""}
      </p>
      <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={t.album.shareTitle}>
        {items.map((it, i) => (
          <li key={i} className="flex items-center gap-2" data-state={it.state}>
            <span className="min-w-0 flex-1 truncate">{it.name}</span>
            {it.state === "failed" ? (
              <span className="text-destructive">{fmt(t.album.uploadFailed, { name: it.name, reason: it.error ?? "" })}</span>
            ) : (
              <progress max={100} value={it.percent} aria-label={it.name} className="h-2 w-24 accent-wine" />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
