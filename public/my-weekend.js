/*
 * Issue 38: My weekend's only script (docs/decisions/081). Registers the
 * service worker that keeps this page for the days without signal, asks it
 * to keep the files the page was drawn with, and says when the page was
 * saved: "Saved at 14:05 — you are offline"; back online, it refreshes.
 */
(function () {
  var status = document.getElementById("weekend-status");
  function offline() {
    if (status) status.textContent = status.getAttribute("data-offline");
  }
  // navigator.onLine is true on a phone with a useless signal: a failed look at the server says it too.
  if (!navigator.onLine) offline();
  else fetch("/healthz", { cache: "no-store" }).catch(offline);
  addEventListener("offline", offline);
  addEventListener("online", function () {
    if (status) status.textContent = status.getAttribute("data-online");
    location.reload();
  });
  if (!("serviceWorker" in navigator)) return;
  // Drawn before the worker ran (the first visit): it fetches this page once more, to keep it.
  var drawnByWorker = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.register("/sw.js").then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (reg) {
    var keep = [];
    performance.getEntriesByType("resource").forEach(function (e) {
      keep.push(e.name);
    });
    document.querySelectorAll("link[rel=stylesheet],link[rel=preload],link[rel=manifest],img").forEach(function (el) {
      keep.push(el.href || el.currentSrc || el.src);
    });
    // The files, this page and the calendar file, kept by the worker for offline.
    if (reg.active) reg.active.postMessage({ keep: keep, page: drawnByWorker ? null : location.pathname });
  });
})();
