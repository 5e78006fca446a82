/*
 * Server-Sent Events (issue 39: the album's screen at the party). An answer
 * that stays open and is written to as things happen. `no-transform` keeps
 * server.js's compression middleware from holding the events back to
 * compress them; `X-Accel-Buffering: no` asks the same of nginx.
 */

/** Whether the caller asked for the stream (EventSource sends this); everyone else gets a plain answer. */
export const wantsEventStream = (request: Request) => /(^|[\s,])text\/event-stream\b/i.test(request.headers.get("accept") ?? "");

export type EventStreamOptions = {
  /** The browser's pause before it reconnects. */
  retryMs?: number;
  /** A comment this often, so proxies and the browser keep an idle stream open. */
  pingMs?: number;
  /** Asked at each ping: false ends the stream (the caller signed out, the album closed to them). */
  stillAllowed?: () => boolean | Promise<boolean>;
};

type Send = (event: string, data: unknown) => void;

/**
 * The stream: `open` sends the first events and starts listening, answering
 * how to stop. It stops when the client goes away (the request's signal),
 * when `stillAllowed` says so, or when the server ends it.
 */
export function eventStream(request: Request, open: (send: Send) => () => void, { retryMs = 5000, pingMs = 25_000, stillAllowed }: EventStreamOptions = {}) {
  const encoder = new TextEncoder();
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let stopListening = () => {};
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(ping);
        request.signal.removeEventListener("abort", close);
        stopListening();
        try {
          controller.close();
        } catch {
          // Already cancelled by the reader.
        }
      };
      const ping = setInterval(async () => {
        const allowed = stillAllowed ? await Promise.resolve().then(stillAllowed).catch(() => false) : true;
        if (!allowed) return close();
        write(": ping\n\n");
      }, pingMs);
      write(`retry: ${retryMs}\n\n`);
      stopListening = open((event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      if (request.signal.aborted) close();
      else request.signal.addEventListener("abort", close);
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
