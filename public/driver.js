/*
 * Issue 38: the driver's list's only script (docs/decisions/081). A tick is
 * shown at once and kept on the phone (localStorage) until the server has it:
 * sent now when there is signal, else when the phone is back online or the
 * page is opened again. Each tick has its own clientId, so a resend counts
 * once. The service worker keeps the page itself for opening without signal.
 */
(function () {
  var main = document.querySelector("main[data-token]");
  if (!main) return;
  var token = main.getAttribute("data-token");
  var texts = JSON.parse(main.getAttribute("data-texts") || "{}");
  var rendered = main.getAttribute("data-rendered-at") || "";
  var QUEUE = "driver-queue:" + token;
  var STATE = "driver-state:" + token;
  var sync = document.getElementById("driver-sync");
  var counts = document.getElementById("driver-counts");
  var sending = false;

  function read(key, empty) {
    try {
      return JSON.parse(localStorage.getItem(key) || "") || empty;
    } catch (e) {
      return empty;
    }
  }
  function write(key, value) {
    localStorage.setItem(key, JSON.stringify(value));
  }
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }
  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (m, k) {
      return k in values ? values[k] : m;
    });
  }

  /** One person's row as boarded or not. */
  function show(guestId, boarded) {
    var row = document.querySelector('[data-person="' + guestId + '"]');
    if (!row) return;
    row.setAttribute("data-boarded", String(boarded));
    var button = row.querySelector("button");
    var next = row.querySelector('input[name="boarded"]');
    if (next) next.value = String(!boarded);
    var label = row.querySelector("[data-label]");
    if (button) button.setAttribute("aria-pressed", String(boarded));
    if (label) label.textContent = boarded ? "\u2713 " + texts.boarded : texts.notBoarded;
  }
  function recount() {
    var rows = document.querySelectorAll("[data-person]");
    var on = 0;
    rows.forEach(function (r) {
      if (r.getAttribute("data-boarded") === "true") on++;
    });
    if (counts) counts.textContent = fill(texts.counts, { boarded: on, missing: rows.length - on });
  }
  function say() {
    var queue = read(QUEUE, []);
    if (!sync) return;
    sync.textContent = queue.length ? fill(texts.queued, { count: queue.length }) + (navigator.onLine ? "" : " " + texts.offline) : "";
  }

  /** Sends the queued ticks in order; stops at the first that cannot reach the server. */
  function flush() {
    if (sending) return;
    var queue = read(QUEUE, []);
    if (!queue.length) return say();
    sending = true;
    var tick = queue[0];
    fetch("/api/driver/" + encodeURIComponent(token) + "/boarded", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "omit",
      body: JSON.stringify(tick),
    })
      .then(function (res) {
        // 2xx: the server has it (200: it already had it). 4xx: it never will (revoked link): dropped.
        if (res.status >= 500) throw new Error(String(res.status));
        write(QUEUE, read(QUEUE, []).filter(function (t) {
          return t.clientId !== tick.clientId;
        }));
        sending = false;
        flush();
      })
      .catch(function () {
        sending = false;
        say();
      });
  }

  // Ticks made here after this page was saved (sent or not) are shown over it.
  var state = read(STATE, {});
  Object.keys(state).forEach(function (guestId) {
    if (state[guestId].at > rendered) show(guestId, state[guestId].boarded);
  });
  recount();

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-tick")) return;
    event.preventDefault();
    var guestId = form.querySelector('input[name="guestId"]').value;
    var boarded = form.querySelector('input[name="boarded"]').value === "true";
    var run = form.querySelector('input[name="runId"]');
    // The run goes with the tick: a day's link lists several.
    var tick = { guestId: guestId, runId: run ? run.value : null, boarded: boarded, at: new Date().toISOString(), clientId: newId() };
    var queue = read(QUEUE, []);
    queue.push(tick);
    write(QUEUE, queue);
    var s = read(STATE, {});
    s[guestId] = { boarded: boarded, at: tick.at };
    write(STATE, s);
    show(guestId, boarded);
    recount();
    say();
    flush();
  });
  addEventListener("online", flush);
  addEventListener("offline", say);
  flush();

  if ("serviceWorker" in navigator) {
    var drawnByWorker = !!navigator.serviceWorker.controller;
    navigator.serviceWorker
      .register("/sw.js")
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function (reg) {
        var keep = [];
        performance.getEntriesByType("resource").forEach(function (e) {
          keep.push(e.name);
        });
        document.querySelectorAll("link[rel=stylesheet],link[rel=preload]").forEach(function (el) {
          keep.push(el.href);
        });
        if (reg.active) reg.active.postMessage({ keep: keep, page: drawnByWorker ? null : location.pathname });
      });
  }
})();
