/* The edition's one script: a "Copy citation" button beside each plain-text citation (without
   JavaScript the citation is still there to select and copy by hand); and wide tables that scroll
   sideways made reachable by keyboard (Material wraps them in a scrolling box). */
(function () {
  function addButtons() {
    document.querySelectorAll("p.citation").forEach(function (p) {
      if (p.nextElementSibling && p.nextElementSibling.classList.contains("cite-copy")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "cite-copy";
      button.textContent = "Copy citation";
      button.addEventListener("click", function () {
        var text = p.textContent;
        var done = function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy citation"; }, 2000); };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(done, function () { button.textContent = "Select the text to copy"; });
        } else {
          button.textContent = "Select the text to copy";
        }
      });
      p.insertAdjacentElement("afterend", button);
    });
  }
  function focusableScrolls() {
    document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth && !box.hasAttribute("tabindex")) {
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", "Table (scrolls sideways)");
      }
    });
  }
  function onPage() { addButtons(); focusableScrolls(); }
  if (typeof document$ !== "undefined") { document$.subscribe(onPage); }  // Material's instant navigation
  else { document.addEventListener("DOMContentLoaded", onPage); }
})();
