// Keeps every open phone in step with the table: poll a tiny version endpoint about every 2 s
// while the page is visible, fetch the fresh panel when it changed, and resync at once when the
// phone wakes up or comes back online. No framework: htmx does the swapping.
(function () {
  "use strict";
  var INTERVAL = 2000;
  var busy = false;

  function panel() { return document.getElementById("panel"); }

  function typing(p) {
    // Don't pull the form from under a player who is typing; the next tick will catch up
    // (and a tap made meanwhile from the old version is refused with a fresh panel).
    var el = document.activeElement;
    var text = el && (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && /^(text|number|search|tel)$/.test(el.type)));
    return text && p.contains(el) && el.value !== "";
  }

  function tapping(p) {
    // a tap of this phone is on its way (or waits to be sent again): its answer (perhaps a 409
    // notice) must not be lost, nor the form it was made from
    return p.querySelector(".htmx-request, .retrying") !== null || p.classList.contains("htmx-request");
  }

  function changedMeanwhile(show) {
    // the player is typing: the panel stays, and a small notice says the table moved on
    var el = document.getElementById("changed");
    if (el) el.hidden = !show;
  }

  function ticked(ticks) {
    // a line of the set-up checklist ticked on another phone: that list alone is drawn again,
    // never a form the player is filling in (the ticks are no change of the game)
    var list = document.getElementById("setup");
    if (list && list.dataset.url && Number(ticks) > Number(list.dataset.ticks)) {
      return htmx.ajax("GET", list.dataset.url, { target: "#setup", swap: "outerHTML" });
    }
  }

  function check(force) {
    // the checklist's own page (/setup) has no panel: it follows the ticks alone
    var p = panel(), list = document.getElementById("setup");
    var url = p ? p.dataset.versionUrl : list && list.dataset.versionUrl;
    if (!url || busy || (p && tapping(p)) || document.visibilityState !== "visible") return;
    busy = true;
    // a request lost with the Wi-Fi must not stop syncing for good
    var ctl = new AbortController(), timer = setTimeout(function () { ctl.abort(); }, 5000), ticks = null;
    fetch(url, { cache: "no-store", credentials: "same-origin", signal: ctl.signal })
      .then(function (r) {
        var net = document.getElementById("net");
        net.hidden = r.status !== 404;
        // the table was deleted (by the phone that started it): say so instead of going on polling
        if (r.status === 404 && net.dataset.gone) net.textContent = net.dataset.gone;
        ticks = r.headers.get("X-Ticks");
        return r.ok ? r.text() : null;
      })
      .then(function (v) {
        p = panel();
        // only a newer table redraws the panel: a version read before this phone's own tap was
        // answered is older than the panel that tap brought, and redrawing it would drop a choice
        // the player is making (a ticked pill, an open fold) for the same state
        if (!v || (p && tapping(p))) return;
        if (!p || !(Number(v) > Number(p.dataset.version))) return ticked(ticks);
        if (typing(p) && !force) { changedMeanwhile(true); return; }
        // the panel this phone shows: the server leaves out what has not changed (answer.py)
        var shown = p.dataset.nonce ? { "X-Panel-Nonce": p.dataset.nonce } : {};
        return htmx.ajax("GET", p.dataset.panelUrl, { target: "#panel", swap: "outerHTML", headers: shown });
      })
      .catch(function () { document.getElementById("net").hidden = false; })
      .finally(function () { clearTimeout(timer); busy = false; });
  }

  setInterval(function () { check(false); }, INTERVAL);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") check(true); });
  window.addEventListener("online", function () { check(true); });
  window.addEventListener("pageshow", function (e) { if (e.persisted) check(true); });

  // Show the message where the player tapped.
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.detail.target && e.detail.target.id === "setup") return;  // the checklist alone: nothing else moved
    changedMeanwhile(false);
    // this phone's seat changed (handed over to another phone): the header must say so
    var head = document.querySelector(".table-head"), p = panel();
    if (head && p && head.dataset.seat !== p.dataset.seat) { location.reload(); return; }
    // a question to confirm (tables.NeedsConfirmation) stands at the panel's top, far above an
    // Undo tapped at its foot: it is brought into view like a refusal, and like any other answer
    // to the tap (_answers.html: under the turn bar when its form is gone); a poll's panel answers no tap
    var config = e.detail.requestConfig;
    if (!config || config.verb !== "post") return;
    var err = document.querySelector("#panel .confirm") || document.querySelector("#panel [data-answer], #panel .form-error");
    if (!err) return;
    // a refusal inside a folded section (a correction, a menu row) must be seen
    for (var d = err.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
    err.scrollIntoView({ block: "center", behavior: "smooth" });
  });

  // An answer that is not the app's is never swapped in. The server refuses a body over its
  // limit (413) or a request it has no room for (503, Retry-After) with a line of English plain
  // text before the app reads it (companion/serving.py), and a proxy's 5xx is no panel either:
  // swapped into #panel, it would drop the panel, its poll and the player's entry. The panel
  // stays as it was and the tapped form says why, in the player's language (#net's words). A
  // busy server is not asked again by itself (every phone retrying would keep it busy): the
  // entry stays in the form for the player to tap again. (Registered before the handlers below,
  // which see only the swaps that happen.)
  document.addEventListener("htmx:beforeSwap", function (e) {
    var d = e.detail, xhr = d.xhr, target = d.target;
    if (!target || xhr.status === 204) return;
    var html = /^text\/html/i.test(xhr.getResponseHeader("Content-Type") || "");
    if (html && (target.id !== "panel" || String(d.serverResponse).indexOf('id="panel"') >= 0)) return;  // the app's own answer
    d.shouldSwap = false;
    d.isError = false;  // said here, in the form
    var config = d.requestConfig, form = config && config.verb === "post" && config.elt.closest && config.elt.closest("form");
    if (!form || !document.body.contains(form)) return;  // (the event's elt is the target: the panel)
    answered(form);
    touch(form);  // what the player entered stays through the next poll's fresh panel
    var words = document.getElementById("net").dataset;
    var note = document.createElement("p");
    note.className = "form-error refused-note";
    note.setAttribute("data-answer", form.id.replace(/^f-/, ""));
    note.setAttribute("role", "alert");
    note.textContent = xhr.status === 413 ? words.tooBig : xhr.status === 503 || xhr.status === 429 ? words.busy : words.broken;
    form.appendChild(note);
    note.scrollIntoView({ block: "nearest" });
    said = [{ form: form.id, lead: "", node: note.cloneNode(true) }];
  });
  document.addEventListener("htmx:beforeRequest", function (e) {  // a refusal says nothing of the next try
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form");
    if (form) form.querySelectorAll(".refused-note").forEach(function (n) { n.remove(); });
  });

  // Every answer to a tap stays until this phone's next tap (issue 35 point 1): a refusal, "already
  // entered", "counted after", a question (_confirm.html). The server draws a refusal inside the
  // tapped form while the fresh panel has that form, else under the turn bar (_answers.html); a
  // poll's fresh panel, drawn for no tap, is given it back: inside its form while that form is
  // drawn, else under the turn bar, led by what was tapped (data-lead). A refused form keeps what
  // was entered, as a touched one.
  var said = [];
  document.addEventListener("htmx:beforeRequest", function (e) {
    // (a tick of the set-up checklist redraws the checklist alone: no answer of a tap to drop)
    if (e.detail.requestConfig && e.detail.requestConfig.verb === "post" && !(e.detail.target && e.detail.target.id === "setup")) said = [];
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var p = panel(), config = e.detail.requestConfig;
    if (!p || !config || (e.detail.target && e.detail.target.id === "setup")) return;  // the checklist alone
    if (config.verb === "post") {
      said = Array.prototype.map.call(p.querySelectorAll("[data-answer]"), function (el) {
        var form = el.closest("form"), before = !form && !el.closest("#answers") && el.previousElementSibling;
        if (form) touch(form);
        // where it stands: in its form, after an element of its own (Undo's buttons), or under the turn bar
        return { form: form && form.id, after: before && before.id, lead: el.dataset.lead || "", node: el.cloneNode(true) };
      });
      return;
    }
    if (!said.length || p.querySelector("[data-answer]")) return;  // (a form the panel kept keeps its answer)
    var top = document.getElementById("answers");
    said.forEach(function (a) {
      var form = a.form && document.getElementById(a.form), after = a.after && document.getElementById(a.after), node = a.node.cloneNode(true);
      if (node.getAttribute("role") === "alert") node.removeAttribute("role");  // announced when it came, not at every poll
      if (form && p.contains(form)) form.appendChild(node);
      else if (after && p.contains(after)) after.insertAdjacentElement("afterend", node);
      else if (top) {
        if (a.lead) {
          var lead = document.createElement("strong");
          lead.textContent = a.lead;
          node.insertBefore(document.createTextNode(" "), node.firstChild);
          node.insertBefore(lead, node.firstChild);
        }
        top.appendChild(node);
      }
      htmx.process(node);  // a question given back (_confirm.html) is a form htmx sends
    });
  });

  // An entry in progress survives another phone's change (issue 28). A form of the panel the
  // player has touched (typed, ticked, chosen, tapped a cell or ±) keeps what they set when the
  // panel is swapped for a fresh one: its visible fields and the <details> it sits in are carried
  // into the fresh form of the same id, whose hidden fields (version, nonce …) stay the fresh
  // ones, and a note asks to check and tap. It is touched until it is sent, reset, or its
  // <details> is closed. A form the fresh panel no longer has is said once, in a notice.
  var touched = {}, carried = null;

  function fields(form) {  // what the player sets: never a hidden field, never a button
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) && !/^(hidden|submit|button|reset|image|file)$/.test(el.type);
    });
  }
  function touch(form) {
    var p = panel();
    if (form && form.id && p && p.contains(form) && !touched[form.id]) touched[form.id] = { version: p.dataset.version };
  }
  function openState(form) {  // the <details> around the form, innermost first
    var out = [];
    for (var d = form.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) out.push(d);
    return out;
  }
  document.addEventListener("input", function (e) { touch(e.target.form); });
  document.addEventListener("change", function (e) { touch(e.target.form); });
  document.addEventListener("reset", function (e) { delete touched[e.target.id]; });
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form");
    if (form) delete touched[form.id];
  });
  document.addEventListener("click", function (e) {
    // the player closes the <details> a form sits in: that entry is given up
    var summary = e.target.closest("summary"), d = summary && summary.parentElement;
    if (d && d.open) d.querySelectorAll("form[id]").forEach(function (f) { delete touched[f.id]; });
  });

  document.addEventListener("htmx:beforeSwap", function (e) {
    var p = panel();
    carried = null;
    if (!p || e.detail.target !== p || !e.detail.shouldSwap) return;
    // a form the answer keeps (hx-preserve) keeps its element: its note is said again below if it still applies
    p.querySelectorAll(".kept-note").forEach(function (n) { n.remove(); });
    carried = { forms: {}, poll: e.detail.requestConfig && e.detail.requestConfig.verb === "get" };
    Object.keys(touched).forEach(function (id) {
      var form = document.getElementById(id);
      if (!form) { delete touched[id]; return; }
      carried.forms[id] = {
        open: openState(form).map(function (d) { return d.open; }),
        fields: fields(form).map(function (el) {
          return { name: el.name, box: el.type === "radio" || el.type === "checkbox", value: el.value, checked: el.checked,
                   picked: el.tagName === "SELECT" ? Array.prototype.map.call(el.selectedOptions, function (o) { return o.value; }) : null };
        }),
      };
    });
  });

  function restore(form, was) {
    var nth = {};
    fields(form).forEach(function (el) {
      var box = el.type === "radio" || el.type === "checkbox";
      var same = was.filter(function (w) { return w.name === el.name && w.box === box; });
      if (!same.length) return;  // a field the old form did not have keeps the fresh default
      if (box) {
        el.checked = same.some(function (w) { return w.checked && w.value === el.value; });
        return;
      }
      var i = nth[el.name] || 0, w = same[i];  // the n-th field of that name
      nth[el.name] = i + 1;
      if (!w) return;
      if (el.tagName !== "SELECT") { el.value = w.value; return; }
      var known = Array.prototype.some.call(el.options, function (o) { return w.picked.indexOf(o.value) >= 0; });
      if (known) Array.prototype.forEach.call(el.options, function (o) { o.selected = w.picked.indexOf(o.value) >= 0; });
    });
  }
  function say(parent, before, className, text) {
    var note = document.createElement("p");
    note.className = className;
    note.setAttribute("role", "status");
    note.textContent = text;
    parent.insertBefore(note, before);
  }

  // after the settle: htmx puts back the fresh attributes (a <details>' "open") only then
  document.addEventListener("htmx:afterSettle", function () {
    var p = panel(), kept = carried, gone = false;
    carried = null;
    if (!kept || !p) return;
    var words = document.getElementById("changed").dataset;
    Object.keys(kept.forms).forEach(function (id) {
      var form = document.getElementById(id), was = kept.forms[id], mark = touched[id];
      if (!mark) return;
      if (!form || !p.contains(form)) { delete touched[id]; gone = gone || kept.poll; return; }
      restore(form, was.fields);
      openState(form).forEach(function (d, i) { if (i < was.open.length) d.open = was.open[i]; });
      mark.changed = mark.changed || mark.version !== p.dataset.version;
      if (mark.changed) say(form, form.firstChild, "kept-note", words.kept);
    });
    if (gone) say(p, p.querySelector(".game-body"), "notice warn", words.gone);
  });

  // A tap's answer may keep forms the phone already shows (hx-preserve, companion/web/answer.py):
  // they were rendered with an older panel, whose version, head and nonce they still carry. The
  // panel carries the fresh ones, and every form of it sends those (a form's nonce keeps its own
  // ".form" ending). A question's "Yes" (_confirm.html) sends again exactly what was tapped.
  document.addEventListener("htmx:configRequest", function (e) {
    var p = panel(), d = e.detail, data = d.formData, elt = d.elt;
    if (!p || !data || !elt || !p.contains(elt) || d.verb !== "post" || !p.dataset.nonce || data.has("confirm")) return;
    if (data.has("v")) d.parameters.v = p.dataset.version;
    if (data.has("h")) d.parameters.h = p.dataset.head;
    var nonce = data.get("nonce"), dot = nonce ? nonce.indexOf(".") : -1;
    if (dot > 0) d.parameters.nonce = p.dataset.nonce + nonce.slice(dot);
  });
  // The tapped form, when the answer kept it, is emptied as its fresh rendering would be: the
  // values it was rendered with, the <details> around it closed (the entry is done).
  var tapped = null;
  document.addEventListener("htmx:beforeRequest", function (e) {
    var form = e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("form");
    tapped = form && e.detail.requestConfig && e.detail.requestConfig.verb === "post" ? form : null;
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var form = tapped, p = panel();
    tapped = null;
    if (!form || !p || !p.contains(form) || e.detail.xhr.status !== 200) return;
    form.reset();
    for (var d = form.closest("details"); d && p.contains(d); d = d.parentElement && d.parentElement.closest("details")) d.open = false;
    answered(form);  // what this script added to it goes, as with a fresh form
  });
  function answered(form) {  // the server answered the form: it waits no more to be sent again
    form.classList.remove("retrying");
    form.querySelectorAll(".retry-note, .refused-note").forEach(function (n) { n.remove(); });
    form.querySelectorAll("[data-unsent]").forEach(function (b) { b.disabled = false; delete b.dataset.unsent; });
  }

  // A tap made while the server cannot be reached is not lost: the form says "not sent,
  // retrying" and the very same request (same nonce, same version) is sent again every few
  // seconds until the server answers. The server applies a repeated nonce at most once (a
  // request that did arrive, whose answer was lost, is then answered with the fresh panel), and
  // a table changed meanwhile answers 409 inside the form, as any stale tap.
  var RETRY = 2500;
  htmx.config.timeout = 15000;  // a request lost in a dropped Wi-Fi must fail, not hang
  function unsent(e) {
    var elt = e.detail.elt, config = e.detail.requestConfig;
    document.getElementById("net").hidden = false;
    if (!elt || !config || config.verb !== "post" || !elt.closest("#panel")) return;
    var values = {};
    config.formData.forEach(function (value, key) {
      if (!(key in values)) values[key] = value;
      else values[key] = [].concat(values[key], value);
    });
    elt.classList.add("retrying");
    var say = elt.querySelector(".retry-note");
    if (!say) {
      say = document.createElement("p");
      say.className = "form-error retry-note";
      say.setAttribute("role", "status");
      say.textContent = document.getElementById("net").dataset.retrying;
      elt.appendChild(say);
    }
    elt.querySelectorAll("button:not([disabled])").forEach(function (b) { b.disabled = true; b.dataset.unsent = ""; });
    setTimeout(function () {
      if (!document.body.contains(elt)) return;
      htmx.ajax("POST", config.path, { source: elt, values: values });
    }, RETRY);
  }
  document.addEventListener("htmx:sendError", unsent);
  document.addEventListener("htmx:timeout", unsent);
  // a retry was confirmed when it was first tapped: never ask again
  document.addEventListener("htmx:confirm", function (e) {
    if (e.detail.elt.classList.contains("retrying")) { e.preventDefault(); e.detail.issueRequest(true); }
  });

  // The service worker shows the offline page when a reload finds no server (static/sw.js).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js?lang=" + encodeURIComponent(document.documentElement.lang || "en"), { scope: "/" }).catch(function () {});
  }
  // The offline page opens the table again by itself once the server answers.
  document.addEventListener("DOMContentLoaded", function () {
    if (!document.getElementById("offline")) return;
    setInterval(function () {
      fetch(location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" })
        .then(function (r) { if (r.ok) location.reload(); }, function () {});
    }, RETRY);
  });

  // A numeric keypad without a minus key: ± turns the sign of the number in the field.
  // A cell of a score sheet tapped: its correction form, filled in with that cell.
  document.addEventListener("click", function (e) {
    var neg = e.target.closest("[data-negate]");
    if (neg) {
      var input = document.getElementById(neg.dataset.negate);
      input.value = input.value.charAt(0) === "-" ? input.value.slice(1) : "-" + input.value;
      touch(input.form);
      input.focus();
      return;
    }
    var cell = e.target.closest("[data-fix]");
    if (!cell) return;
    var form = document.getElementById(cell.dataset.fix);
    touch(form);
    form.elements.seat.value = cell.dataset.seat;
    form.elements.round.value = cell.dataset.round;
    form.elements.points.value = cell.dataset.points;
    form.closest("details").open = true;
    form.elements.points.focus();
    form.scrollIntoView({ block: "center", behavior: "smooth" });
  });

  // The player aid prints every section unfolded (app.css opens them with ::details-content; a
  // browser without it opens them here, one at a time no more, and folds them back after).
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.aid-sec").forEach(function (d) {
      d.dataset.was = d.open ? "1" : "";
      d.removeAttribute("name");
      d.open = true;
    });
  });
  window.addEventListener("afterprint", function () {
    document.querySelectorAll("details.aid-sec").forEach(function (d) {
      d.open = d.dataset.was === "1";
      d.setAttribute("name", "aid");
    });
  });

  // Times are stored in UTC; only the phone knows its own time zone.
  function localTimes() {
    var lang = document.documentElement.lang || undefined;
    document.querySelectorAll("time[datetime][data-style]").forEach(function (el) {
      var at = new Date(el.getAttribute("datetime"));
      if (isNaN(at.getTime())) return;
      el.textContent = el.dataset.style === "time"
        ? at.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" })
        : at.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
    });
  }
  document.addEventListener("DOMContentLoaded", localTimes);
  document.addEventListener("htmx:afterSettle", localTimes);

  // The lobby shows only the chosen game's options, player rows and colours.
  // After a refusal (the page shows an error) every choice stays as the player left it.
  function syncOptions(keep) {
    var chosen = document.querySelector('.new-table input[name="game"]:checked');
    document.querySelectorAll(".new-table .options").forEach(function (fs) {
      fs.hidden = !chosen || fs.dataset.game !== chosen.value;
      fs.disabled = fs.hidden;
    });
    if (!chosen) {  // until a game is chosen, as many rows as most games seat (four)
      document.querySelectorAll(".new-table .player-row").forEach(function (row, i) { row.hidden = i >= 4; });
      return;
    }
    var allowed = chosen.dataset.colours.split(","), max = parseInt(chosen.dataset.max, 10), used = [];
    document.querySelectorAll(".new-table .player-row").forEach(function (row, i) {
      row.hidden = i >= max;
      row.querySelectorAll("input, select").forEach(function (el) { el.disabled = row.hidden; });
      var select = row.querySelector("select");
      Array.prototype.forEach.call(select.options, function (o) { o.disabled = allowed.indexOf(o.value) < 0; o.hidden = o.disabled; });
      if (!keep && (allowed.indexOf(select.value) < 0 || used.indexOf(select.value) >= 0)) {
        select.value = allowed.filter(function (c) { return used.indexOf(c) < 0; })[0] || allowed[0];
      }
      used.push(select.value);
    });
  }
  document.addEventListener("change", function (e) { if (e.target.name === "game") syncOptions(false); });
  document.addEventListener("DOMContentLoaded", function () {
    var refused = document.getElementById("lobby-error");
    syncOptions(refused !== null);
    if (refused) refused.scrollIntoView({ block: "center" });  // the message stands beside its field
  });
})();
