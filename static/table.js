// At the table (issue 15): "your turn" in the page title and a short vibration when the turn
// becomes this phone's, with a per-device switch kept in localStorage; the screen kept awake
// while the page is visible. Kept apart from app.js
// (syncing) so the two can change independently; it only listens to htmx's swaps.
(function () {
  "use strict";
  var VIBRATE_KEY = "tc.vibrate";  // "off" once this device's player turned it off
  var base = null;  // the page's own title, without the "your turn" prefix
  var wasMine = null;

  function panel() { return document.getElementById("panel"); }

  function prefix(p) { return p.dataset.turn === "mine" ? "▶ " + p.dataset.turnTitle + " · " : ""; }

  function vibrateOn() {
    try { return localStorage.getItem(VIBRATE_KEY) !== "off"; } catch (e) { return true; }
  }

  function follow() {
    var p = panel();
    if (!p || p.dataset.turn === undefined) return;
    var mine = p.dataset.turn === "mine";
    if (base === null) base = document.title.slice(prefix(p).length);
    document.title = prefix(p) + base;
    // once, when the turn becomes this seat's; not on opening the page (its player is looking)
    if (mine && wasMine === false && vibrateOn() && navigator.vibrate) navigator.vibrate(200);
    wasMine = mine;
  }

  document.addEventListener("DOMContentLoaded", function () {
    follow();
    var box = document.getElementById("vibrate-pref");
    if (box && navigator.vibrate) {
      box.closest("label").hidden = false;
      box.checked = vibrateOn();
      box.addEventListener("change", function () {
        try { localStorage.setItem(VIBRATE_KEY, box.checked ? "on" : "off"); } catch (e) { /* private mode: stays on */ }
      });
    }
  });
  document.addEventListener("htmx:afterSwap", follow);

  // Keep the screen awake while the table is visible (Screen Wake Lock API; browsers offer it
  // only on HTTPS or localhost, see README). The lock is dropped when the page is hidden, so it
  // is asked again each time the page comes back.
  var lock = null;
  function note(on) {
    var el = document.getElementById("wake-note");
    if (!el) return;
    el.textContent = on ? el.dataset.on : el.dataset.off;
    el.classList.toggle("on", on);
    el.hidden = false;
  }
  function awake() {
    // absent on plain http to a LAN address: say so, the player can lengthen the screen timeout
    if (!("wakeLock" in navigator)) { if (!window.isSecureContext) note(false); return; }
    if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
    navigator.wakeLock.request("screen").then(function (l) { lock = l; note(true); }, function () { /* e.g. battery saver: nothing to add */ });
  }
  document.addEventListener("DOMContentLoaded", awake);
  document.addEventListener("visibilitychange", awake);
})();
