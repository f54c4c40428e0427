/* The edition's one script: a "Copy citation" button beside each plain-text citation (without
   JavaScript the citation is still there to select and copy by hand); wide tables that scroll
   sideways made reachable by keyboard (Material wraps them in a scrolling box); the laws' index's
   "go to law" field; an old address of a line of a long witness sent on to the part that holds it. */
(function () {
  // A Cite box: the plain-text citation, and (collapsed) the other formats; with script, a chooser
  // of the format and a button that copies the chosen one.
  function addButtons() {
    document.querySelectorAll("p.citation").forEach(function (p) {
      if (p.parentElement.querySelector(".cite-copy")) return;
      var formats = p.parentElement.querySelectorAll("pre.cite-text");
      var select = null;
      if (formats.length) {
        select = document.createElement("select");
        select.className = "cite-choose";
        select.setAttribute("aria-label", "Citation format");
        var plain = document.createElement("option");
        plain.value = "plain"; plain.textContent = "Plain text";
        select.appendChild(plain);
        formats.forEach(function (pre) {
          var option = document.createElement("option");
          option.value = pre.dataset.format; option.textContent = pre.dataset.name;
          select.appendChild(option);
        });
      }
      var chosen = function () {
        if (!select || select.value === "plain") return p.textContent;
        return p.parentElement.querySelector('pre.cite-text[data-format="' + select.value + '"]').textContent;
      };
      var button = document.createElement("button");
      button.type = "button";
      button.className = "cite-copy";
      button.textContent = "Copy citation";
      button.addEventListener("click", function () {
        var text = chosen();
        var done = function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy citation"; }, 2000); };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text).then(done, function () { button.textContent = "Select the text to copy"; });
        } else {
          button.textContent = "Select the text to copy";
        }
      });
      p.insertAdjacentElement("afterend", button);
      if (select) p.insertAdjacentElement("afterend", select);
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
  // The laws' index: the "go to law" field (hidden without script, where the list of numbers serves).
  function gotoLaw() {
    document.querySelectorAll("form.goto-law").forEach(function (form) {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      form.hidden = false;
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var input = form.querySelector("input");
        var n = parseInt(input.value, 10);
        if (n >= parseInt(input.min, 10) && n <= parseInt(input.max, 10)) {
          window.location.href = new URL(n + "/", form.action).href;
        } else {
          input.setCustomValidity("There are laws " + input.min + " to " + input.max + ".");
          input.reportValidity();
          input.setCustomValidity("");
        }
      });
    });
  }
  // A long witness shown in parts: an old address of one of its lines (/witnesses/000/#L227) lands
  // on the list of parts, which opens the part that holds the line (without script the list, with
  // each part's lines, says which to follow).
  function witnessLine() {
    var m = /^#L(\d+)$/.exec(window.location.hash);
    if (!m) return;
    var line = parseInt(m[1], 10);
    document.querySelectorAll("ol.witness-parts a[data-first]").forEach(function (a) {
      if (line >= parseInt(a.dataset.first, 10) && line <= parseInt(a.dataset.last, 10)) {
        window.location.replace(a.href + "#L" + line);
      }
    });
  }
  window.addEventListener("hashchange", witnessLine);
  function onPage() { witnessLine(); addButtons(); focusableScrolls(); gotoLaw(); }
  if (typeof document$ !== "undefined") { document$.subscribe(onPage); }  // Material's instant navigation
  else { document.addEventListener("DOMContentLoaded", onPage); }
})();
/* The glossary's A-Z bar sticks under the header; an address such as #kitty lands with its headword
   below the bar: the bar's real height (one line on a desk, two on a phone) is kept in
   --ed-az-height, which the headings' scroll-margin-top reads (edition.css). */
(function () {
  function measure() {
    var bar = document.querySelector(".az-bar");
    if (!bar) return;
    var set = function () {
      document.documentElement.style.setProperty("--ed-az-height", bar.offsetHeight + "px");
    };
    set();
    if (window.ResizeObserver) new ResizeObserver(set).observe(bar);
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  }
  if (typeof document$ !== "undefined") { document$.subscribe(measure); }
  else { document.addEventListener("DOMContentLoaded", measure); }
})();
