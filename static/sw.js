// The service worker (issue 9, point 16): a reload while the table server is unreachable shows
// the offline page, which retries by itself, instead of the browser's error. It caches only that
// page and the static files it uses, never a table's page, panel or anything a seat keeps secret:
// every other request goes to the network untouched. Served from /sw.js (the origin's root scope)
// with the page's language in its URL (?lang=cs), so a change of language installs it again.
"use strict";
var LANG = new URL(self.location.href).searchParams.get("lang") || "en";
var CACHE = "tc-offline-" + LANG;
var OFFLINE = "/offline?lang=" + encodeURIComponent(LANG);

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return fetch(OFFLINE, { cache: "no-store" }).then(function (r) {
        if (!r.ok) throw new Error("offline page: " + r.status);
        return r.clone().text().then(function (html) {
          // the page's own stylesheets, scripts and icons (hashed /static/ URLs)
          var assets = [], re = /(?:href|src)="(\/static\/[^"]+)"/g, m;
          while ((m = re.exec(html))) assets.push(m[1].replace(/&amp;/g, "&"));
          return cache.put(OFFLINE, r).then(function () { return cache.addAll(assets); });
        });
      });
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf("tc-offline-") === 0 && n !== CACHE; }).map(function (n) { return caches.delete(n); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET") return;  // taps go to the server or fail; the page retries them
  if (req.mode === "navigate") {
    // always the network; only when it cannot be reached, the offline page
    event.respondWith(fetch(req).catch(function () { return caches.match(OFFLINE, { cacheName: CACHE }); }));
    return;
  }
  var url = new URL(req.url);
  if (url.origin === self.location.origin && url.pathname.indexOf("/static/") === 0) {
    // the offline page's own files, from the cache; any other static file as usual
    event.respondWith(caches.match(req, { cacheName: CACHE }).then(function (hit) { return hit || fetch(req); }));
  }
});
