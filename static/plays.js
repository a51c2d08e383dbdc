// Plays: share a result card, and fill the lobby's player list from the names known here.
(function () {
  "use strict";

  function say(card, text) {
    const status = card.querySelector(".share-status");
    if (status) { status.textContent = text; status.hidden = false; }
  }

  async function share(button) {
    const card = button.closest(".result-card");
    const text = button.dataset.shareText;
    // The phone's share sheet (Web Share API) where the browser offers it
    if (navigator.share) {
      try { await navigator.share({ title: button.dataset.shareTitle, text: text }); return; }
      catch (e) { if (e.name === "AbortError") return; }
    }
    if (navigator.clipboard && window.isSecureContext) {
      try { await navigator.clipboard.writeText(text); say(card, button.dataset.copied); return; } catch (e) { /* below */ }
    }
    // Plain http on the table's Wi-Fi has neither: show the text selected, and copy it the old way
    const area = card.querySelector("textarea.share-text");
    area.hidden = false;
    area.focus();
    area.select();
    try { if (document.execCommand("copy")) say(card, button.dataset.copied); } catch (e) { /* the text stays selected */ }
  }

  function fill(button) {
    const inputs = Array.from(document.querySelectorAll('.new-table input[name^="name"]'));
    const name = button.dataset.name;
    if (inputs.some((i) => i.value.trim().toLowerCase() === name.toLowerCase())) return;
    const empty = inputs.find((i) => !i.value.trim());
    if (!empty) return;
    empty.value = name;
    empty.dispatchEvent(new Event("input", { bubbles: true }));
    button.setAttribute("aria-pressed", "true");
  }

  document.addEventListener("click", (event) => {
    const shareButton = event.target.closest("button.share");
    if (shareButton) { share(shareButton); return; }
    const known = event.target.closest("button.known-name");
    if (known) fill(known);
  });
})();
