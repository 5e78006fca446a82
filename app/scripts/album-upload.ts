type State = "hashing" | "skipped" | "sending" | "done" | "failed";
type Item = { file: File; hash: string; row: HTMLLIElement; bar: HTMLProgressElement; state: State };

/** A phone on hotel Wi-Fi: keep trying for about two minutes, then say so. */
const RETRY_DELAYS = [0, 1000, 2000, 3000, 5000, 5000, 10000, 10000, 15000, 15000, 20000, 20000];
const CHUNK = 5 * 1024 * 1024;
const MAX_BYTES = 50 * 1024 * 1024;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

/** SHA-256 of a file, hex; "" where the browser cannot (no WebCrypto outside https) or the file is too big to send anyway. */
async function sha256(file: File) {
  if (file.size > MAX_BYTES || !crypto.subtle) return "";
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Which of these the server already has from this guest (40 a question: a URL stays short). */
async function knownHashes(hashes: string[]) {
  const known = new Set<string>();
  for (let i = 0; i < hashes.length; i += 40) {
    const query = hashes.slice(i, i + 40).map((h) => `hash=${h}`).join("&");
    try {
      const res = await fetch(`/api/album/photos?${query}`, { headers: { accept: "application/json" } });
      if (res.ok) for (const h of ((await res.json()) as { known: string[] }).known) known.add(h);
    } catch {
      // Offline now: everything is sent, and the server skips what it has.
    }
  }
  return known;
}

/** The server's message for a refused photo (the API's JSON), else tus's own words. */
function reasonOf(error: Error) {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    return (JSON.parse(body ?? "") as { message?: string }).message ?? error.message;
  } catch {
    return error.message;
  }
}

/**
 * The page's sections drawn again from the server once photos are sent (the
 * guest's own, with their state; the quota), in place: the progress list
 * stays, and so does the place on the page.
 */
async function refreshSections(ids: string[]) {
  try {
    const res = await fetch(location.href, { headers: { accept: "text/html" } });
    if (!res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), "text/html");
    for (const id of ids) {
      const now = document.getElementById(id);
      const next = fresh.getElementById(id);
      if (next && now) now.replaceWith(next);
      else if (next && id === "yours") document.getElementById("album")?.after(next);
    }
  } catch {
    // Offline again: the next visit shows them.
  }
}

/**
 * /album's form with JavaScript: the chosen photos go by tus instead of one
 * multipart post. Without JavaScript, or if this never runs, the form posts
 * as it is.
 */
export function uploadAlbumPhotos(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>("input[type=file]");
  const panel = document.getElementById("album-progress");
  const status = document.getElementById("album-progress-status");
  const list = document.getElementById("album-progress-list");
  const note = document.getElementById("album-resume-note");
  if (!input || !panel || !status || !list) return;
  const text = (key: string) => panel.dataset[key] ?? "";
  note?.classList.remove("invisible");
  let busy = false;

  form.addEventListener("submit", (event) => {
    const files = [...(input.files ?? [])];
    if (!files.length) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    void send(files).finally(() => {
      busy = false;
      input.value = "";
    });
  });

  function say(items: Item[]) {
    const done = items.filter((it) => it.state === "done" || it.state === "skipped").length;
    const skipped = items.filter((it) => it.state === "skipped").length;
    const sending = items.some((it) => it.state === "hashing" || it.state === "sending");
    status!.textContent = [
      `${sending ? `${text("sending")} ` : ""}${fill(text("progress"), { done, total: items.length })}`,
      skipped ? fill(text("skipped"), { count: skipped }) : "",
    ]
      .filter(Boolean)
      .join(" · ");
  }

  function mark(items: Item[], item: Item, state: State, reason?: string) {
    item.state = state;
    item.row.dataset.state = state;
    if (state === "done" || state === "skipped") item.bar.value = 100;
    if (state === "failed") {
      const message = document.createElement("span");
      message.className = "text-destructive";
      message.textContent = fill(text("failed"), { name: item.file.name, reason: reason ?? "" });
      item.bar.replaceWith(message);
    }
    say(items);
  }

  function row(file: File) {
    const li = document.createElement("li");
    li.className = "flex items-center gap-2";
    li.dataset.state = "hashing";
    const name = document.createElement("span");
    name.className = "min-w-0 flex-1 truncate";
    name.textContent = file.name;
    const bar = document.createElement("progress");
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute("aria-label", file.name);
    // The brand's colour, not the browser's green: a progress bar ignores accent-color in Chromium.
    bar.className = "h-2 w-24 appearance-none overflow-hidden rounded-full bg-ink/10 [&::-moz-progress-bar]:bg-wine [&::-webkit-progress-bar]:bg-ink/10 [&::-webkit-progress-value]:bg-wine";
    li.append(name, bar);
    return { li, bar };
  }

  async function send(files: File[]) {
    list!.replaceChildren();
    const items: Item[] = files.map((file) => {
      const { li, bar } = row(file);
      list!.append(li);
      return { file, hash: "", row: li, bar, state: "hashing" };
    });
    panel!.hidden = false;
    say(items);
    // Started now, so the library arrives while the photos are hashed.
    const library = import("tus-js-client");
    // One file in memory at a time: forty photos at once would be 100 MB and more on a phone.
    for (const item of items) item.hash = await sha256(item.file);
    const known = await knownHashes(items.map((it) => it.hash).filter(Boolean));
    const tus = await library;
    for (const item of items) {
      if (item.hash && known.has(item.hash)) {
        mark(items, item, "skipped");
        continue;
      }
      mark(items, item, "sending");
      await new Promise<void>((resolve) => {
        const upload = new tus.Upload(item.file, {
          endpoint: "/api/album/uploads",
          chunkSize: CHUNK,
          retryDelays: RETRY_DELAYS,
          metadata: { filename: item.file.name, filetype: item.file.type, hash: item.hash },
          removeFingerprintOnSuccess: true,
          onProgress: (sent, total) => (item.bar.value = Math.floor((sent / total) * 100)),
          onSuccess: () => {
            mark(items, item, "done");
            resolve();
          },
          onError: (error) => {
            mark(items, item, "failed", reasonOf(error));
            resolve();
          },
        });
        // After a reload or a closed page: go on from where the server says it stopped.
        void upload.findPreviousUploads().then((previous) => {
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        });
      });
    }
    say(items);
    await refreshSections(["yours", "share-quota"]);
  }
}
