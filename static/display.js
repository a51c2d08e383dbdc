// The table display fits its screen (issue 24 point 3): on a tablet or a TV, landscape or
// portrait, the whole board, the latest lines and the QR show without scrolling. Everything on
// the display is sized in em, so the type is set as large as still fits (binary search on the
// body's font size, from the stylesheet's size down to MIN px), again after each refresh and on
// every resize. Phones (narrower than PHONE px) scroll as any page does and keep the size.
// No text of the display is smaller than the body's, and its layout (static/app.css) fits every
// game's set-up and mid-game at 14 px or more at 1024 × 768, the README's promise (issue 35 point 5,
// tests/test_browser_table.py); a board fuller than that (all of Tikal's temples) goes down to MIN
// rather than scroll: nobody scrolls the screen in the middle of the table.
(function () {
  "use strict";
  var MIN = 11, PHONE = 600;

  function fits() {
    var d = document.documentElement;
    return d.scrollHeight <= window.innerHeight && d.scrollWidth <= window.innerWidth;
  }

  function fit() {
    var body = document.body;
    body.style.fontSize = "";
    if (window.innerWidth < PHONE || fits()) return;
    var hi = parseFloat(getComputedStyle(body).fontSize), lo = MIN;
    for (var i = 0; i < 8 && hi - lo > 0.25; i++) {  // the largest size that fits, to a quarter pixel
      var mid = (lo + hi) / 2;
      body.style.fontSize = mid + "px";
      if (fits()) lo = mid; else hi = mid;
    }
    body.style.fontSize = lo + "px";
  }

  document.addEventListener("DOMContentLoaded", fit);
  window.addEventListener("load", fit);  // the QR image has its size then
  window.addEventListener("resize", fit);
  document.addEventListener("htmx:afterSettle", fit);
})();
