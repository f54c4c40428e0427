/* The edition's one script: a "Copy citation" button beside each plain-text citation.
   Without JavaScript the citation is still there to select and copy by hand. */
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
  if (typeof document$ !== "undefined") { document$.subscribe(addButtons); }  // Material's instant navigation
  else { document.addEventListener("DOMContentLoaded", addButtons); }
})();
