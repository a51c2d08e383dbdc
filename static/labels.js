// Labels to print (templates/labels.html): the Print button (no inline handler: the CSP forbids it).
document.querySelector(".lb-print")?.addEventListener("click", () => window.print());
