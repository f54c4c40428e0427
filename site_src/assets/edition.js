/* The edition's one script: a "Copy citation" button beside each plain-text citation (without
   JavaScript the citation is still there to select and copy by hand), the access date written into
   the styles that want one; a reading text's one Cite panel, opened under the paragraph whose
   number is followed; a term's definition on a tap (touch screens); wide tables that scroll sideways
   made reachable by keyboard (Material wraps them in a scrolling box); the laws' index's
   "go to law" field; an old address of a line of a long witness sent on to the part that holds it;
   a situation's "Share this ruling", copied; an old address of a situation sent on to its page. */
(function () {
  // A Cite box: the plain-text citation, and (collapsed) the other formats; with script, a chooser
  // of the format and a button that copies the chosen one.
  // A Cite box still closed gets them when first opened (citeBoxes): the Laws chapter has 77.
  function addButtons(root) {
    root.querySelectorAll("p.citation").forEach(function (p) {
      var box = p.closest("details.cite");
      if (box && !box.open) return;
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
        if (!select || select.value === "plain") return accessed(p.textContent, "plain");
        return accessed(p.parentElement.querySelector('pre.cite-text[data-format="' + select.value + '"]').textContent,
                        select.value);
      };
      // The format chosen is the one the box shows, in place of the plain text (which comes back with "Plain text").
      var shown = null;
      if (select) {
        shown = document.createElement("pre");
        shown.className = "cite-chosen";
        shown.hidden = true;
        select.addEventListener("change", function () {
          var plain = select.value === "plain";
          p.hidden = !plain;
          shown.hidden = plain;
          if (!plain) shown.textContent = chosen();
        });
      }
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
      if (shown) p.insertAdjacentElement("afterend", shown);
    });
  }
  // The day the page was consulted, in every format that has one (edition/model/cite.py, ACCESSED):
  // the formats a reader reads say where it goes ("accessed [day month year]", Chicago's "Accessed
  // [month day, year]."), and the day is written in when the citation is shown and copied; into
  // BibTeX (urldate), CSL-JSON (accessed) and RIS (Y2) the field is added, as the edition writes it.
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"];
  var MLA_MONTHS = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."];
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function accessed(text, format) {
    var d = new Date();
    var y = d.getFullYear(), m = d.getMonth() + 1, day = d.getDate();
    var iso = y + "-" + pad(m) + "-" + pad(day);
    // a placeholder, or a day written in before (a page left open overnight is copied with today)
    if (format === "plain") {
      return text.replace(/accessed (\[[^\]]*\]|\d{1,2} [A-Z][a-z]+ \d{4})/, "accessed " + day + " " + MONTHS[m - 1] + " " + y);
    }
    if (format === "chicago" || format === "mla") {
      var shown = format === "mla" ? day + " " + MLA_MONTHS[m - 1] + " " + y : MONTHS[m - 1] + " " + day + ", " + y;
      return text.replace(/Accessed (\[[^\]]*\]|\d{1,2} [A-Z][a-z]+\.? \d{4}|[A-Z][a-z]+ \d{1,2}, \d{4})/, "Accessed " + shown);
    }
    if (format === "bibtex") {
      return text.replace(/,\n  urldate = \{[^}]*\}/, "").replace(/(\n  url = \{[^}]*\})/, "$1,\n  urldate = {" + iso + "}");
    }
    if (format === "ris") {
      return text.replace(/\nY2  - [^\n]*/, "").replace(/(\nUR  - [^\n]*)/, "$1\nY2  - " + y + "/" + pad(m) + "/" + pad(day));
    }
    if (format === "csl-json") {
      try {
        var items = JSON.parse(text);
        items.forEach(function (item) { item.accessed = {"date-parts": [[y, m, day]]}; });
        return JSON.stringify(items, null, 2);
      } catch (e) { return text; }
    }
    return text;
  }
  function fillAccessDates(root) {
    root.querySelectorAll("pre.cite-text, p.citation").forEach(function (el) {
      var box = el.closest("details.cite");
      if (box && !box.open) return;
      if (el.closest(".para-cite")) return;  // the paragraphs' panel fills its own when opened
      el.textContent = accessed(el.textContent, el.dataset.format || "plain");
    });
  }
  // The Cite boxes (a closed <details> after each law: 77 on the Laws chapter) are readied when
  // first opened, not all as the page loads: their choosers and buttons were about 540 elements
  // more for a phone to lay out before it could answer a tap.
  function citeBoxes() {
    document.querySelectorAll("details.cite").forEach(function (box) {
      if (box.dataset.ready) return;
      box.dataset.ready = "1";
      if (!box.open) box.addEventListener("toggle", function () { fillAccessDates(box); addButtons(box); }, {once: true});
    });
  }
  // A reading text's paragraphs: the number in the margin is the paragraph's address; followed, it
  // also opens the page's one Cite panel under the paragraph, the paragraph's number written in
  // where the panel's citations hold the token (templates/pages/blocks/para-cite.html.j2).
  function paraCite() {
    var panel = document.querySelector(".para-cite:not(.entry-cite)");
    if (!panel || panel.dataset.ready) return;
    panel.dataset.ready = "1";
    var token = panel.dataset.token;
    var parts = panel.querySelectorAll(".para-cite-head strong, a.para-cite-address, p.citation, pre.cite-text");
    parts.forEach(function (el) { el.dataset.template = el.textContent; });
    var address = panel.querySelector("a.para-cite-address");
    var hrefTemplate = address.getAttribute("href");
    var label = panel.getAttribute("aria-label");
    var opener = null;
    function close() {
      panel.hidden = true;
      if (opener) opener.focus();
    }
    function open(number, link) {
      parts.forEach(function (el) {
        var text = el.dataset.template.split(token).join(number);
        el.textContent = el.matches("pre.cite-text") ? accessed(text, el.dataset.format)
          : el.matches("p.citation") ? accessed(text, "plain") : text;
      });
      address.setAttribute("href", hrefTemplate + "#para-" + number);  // (the page's address in the page)
      var choose = panel.querySelector("select.cite-choose");  // the format shown, for this paragraph
      if (choose) choose.dispatchEvent(new Event("change"));
      panel.setAttribute("aria-label", label.split(token).join(number));
      // Under the paragraph; under the list, table or poem that follows a number standing alone.
      var block = link.parentElement.classList.contains("para-anchor")
        ? link.parentElement.parentElement.nextElementSibling : link.parentElement;
      block.insertAdjacentElement("afterend", panel);
      document.querySelectorAll(".para-cited").forEach(function (el) { el.classList.remove("para-cited"); });
      link.parentElement.classList.add("para-cited");
      panel.hidden = false;
      opener = link;
      panel.focus({preventScroll: true});
    }
    panel.querySelector(".para-cite-close").addEventListener("click", close);
    panel.addEventListener("keydown", function (event) { if (event.key === "Escape") close(); });
    document.querySelectorAll("a.para-n").forEach(function (link) {
      link.addEventListener("click", function (event) {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button) return;  // a new tab
        var number = link.hash.replace("#para-", "");
        // The address is set here, in the history, without the page being fetched again (as
        // Material's instant navigation would do, losing the panel); the paragraph is marked as
        // cited (.para-cited), which the style sheet highlights as it does the :target.
        event.preventDefault();
        event.stopPropagation();
        if (location.hash !== link.hash) history.pushState(null, "", link.hash);
        open(number, link);
      });
    });
  }
  // A page of entries (the glossary, a list of technical terms): its one Cite panel opens under the
  // entry whose "Cite this entry" (or, for a definition, whose # in the margin) is followed, with the
  // entry's headword, the headword's letters (the BibTeX key) and its anchor written in where the
  // panel's citations hold the tokens (templates/pages/blocks/entry-cite.html.j2). The headword is
  // escaped for the format it lands in (BibTeX, JSON).
  var BIB_SPECIAL = {"\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "&": "\\&", "%": "\\%", "#": "\\#",
                     "_": "\\_", "$": "\\$", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}"};
  function entryCite() {
    var panel = document.querySelector(".entry-cite");
    if (!panel || panel.dataset.ready) return;
    panel.dataset.ready = "1";
    var token = panel.dataset.token, keyToken = panel.dataset.keyToken, slugToken = panel.dataset.slugToken;
    var parts = panel.querySelectorAll(".para-cite-head strong, a.para-cite-address, p.citation, pre.cite-text");
    parts.forEach(function (el) { el.dataset.template = el.textContent; });
    var address = panel.querySelector("a.para-cite-address");
    var hrefTemplate = address.getAttribute("href");
    var label = panel.getAttribute("aria-label");
    var opener = null;
    function close() {
      panel.hidden = true;
      if (opener) opener.focus();
    }
    function fill(text, format, term, slug) {
      var shown = format === "bibtex" ? term.replace(/[\\{}&%#_$~^]/g, function (c) { return BIB_SPECIAL[c]; })
        : format === "csl-json" ? JSON.stringify(term).slice(1, -1) : term;
      var key = term.toLowerCase().replace(/[^a-z0-9]/g, "");
      return text.split(token).join(shown).split(keyToken).join(key).split(slugToken).join(slug);
    }
    function open(link) {
      var term = link.dataset.term, slug = link.dataset.slug;
      parts.forEach(function (el) {
        var text = fill(el.dataset.template, el.dataset.format || "", term, slug);
        el.textContent = el.matches("pre.cite-text") ? accessed(text, el.dataset.format)
          : el.matches("p.citation") ? accessed(text, "plain") : text;
      });
      address.setAttribute("href", hrefTemplate + "#" + slug);  // (the page's address in the page)
      var choose = panel.querySelector("select.cite-choose");
      if (choose) choose.dispatchEvent(new Event("change"));
      panel.setAttribute("aria-label", label.split(token).join(term));
      // A definition's: inside its <dd>; a glossary entry's: under its "Cite this entry".
      var term_ = link.closest("dt");
      var dd = term_ ? term_.nextElementSibling : null;
      if (dd && dd.tagName === "DD") dd.appendChild(panel);
      else link.parentElement.insertAdjacentElement("afterend", panel);
      panel.hidden = false;
      opener = link;
      panel.focus({preventScroll: true});
    }
    panel.querySelector(".para-cite-close").addEventListener("click", close);
    panel.addEventListener("keydown", function (event) { if (event.key === "Escape") close(); });
    document.querySelectorAll("a.entry-cite-link, a.def-link").forEach(function (link) {
      link.addEventListener("click", function (event) {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button) return;
        event.preventDefault();
        event.stopPropagation();
        if (location.hash !== link.hash) history.pushState(null, "", link.hash);
        open(link);
      });
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
          // From the file system (the offline copy) a folder is opened by its index.html.
          window.location.href = new URL(n + "/" + (location.protocol === "file:" ? "index.html" : ""), form.action).href;
        } else {
          input.setCustomValidity("There are laws " + input.min + " to " + input.max + ".");
          input.reportValidity();
          input.setCustomValidity("");
        }
      });
    });
  }
  // On a touch screen, where nothing hovers, a tap on a term shows its definition first (the hover
  // text Material shows as a tooltip with a mouse), with a link to its glossary entry; a second tap
  // on the term goes to the entry, a tap elsewhere closes it. A link to a law that carries the
  // law's words as its hover text does the same.
  var lastPointer = "";
  var pop = null;
  var popFor = null;
  document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);
  function closePop() {
    if (pop) pop.hidden = true;
    popFor = null;
  }
  function definitionOf(term) {
    var tip = term.getAttribute("aria-describedby");  // Material moves the title into its tooltip
    tip = tip && document.getElementById(tip);
    return term.getAttribute("title") || (tip ? tip.textContent : "");
  }
  function showDefinition(term, text) {
    if (!pop) {
      pop = document.createElement("div");
      pop.className = "term-pop md-typeset";
      pop.setAttribute("role", "dialog");
      pop.innerHTML = '<p class="term-pop-def"></p><p class="term-pop-more"><a class="term-pop-link"></a></p>';
      document.body.appendChild(pop);
    }
    pop.setAttribute("aria-label", term.textContent);
    pop.querySelector(".term-pop-def").textContent = text;
    var link = pop.querySelector(".term-pop-link");
    link.href = term.href;
    var law = /^#law-(\d+)$/.exec(term.hash);
    link.textContent = term.classList.contains("term") || !law ? "Glossary: " + term.textContent.trim() + " →"
                                                              : "Read Law " + law[1] + " →";
    pop.hidden = false;
    var box = term.getBoundingClientRect();
    var width = Math.min(pop.offsetWidth, document.documentElement.clientWidth - 16);
    var left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    pop.style.left = (left + window.scrollX) + "px";
    pop.style.top = (box.bottom + window.scrollY + 6) + "px";
    popFor = term;
  }
  document.addEventListener("click", function (event) {
    var term = event.target.closest ? event.target.closest('a.term, .md-content a[href*="#law-"]:not(.law-number)') : null;
    if (!term) {
      if (pop && !pop.contains(event.target)) closePop();
      return;
    }
    if (lastPointer !== "touch" || popFor === term) return;  // a mouse or a key, or the second tap
    var text = definitionOf(term);
    if (!text) return;
    event.preventDefault();
    event.stopPropagation();  // nor does Material's instant navigation follow it
    showDefinition(term, text);
  }, true);
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") closePop(); });

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

  // A situation's page: "Share this ruling" shows the text to paste into a chat (without script, there
  // to select by hand); the script adds a button that copies it, or, where the page may not write
  // to the clipboard, selects it for the reader to copy.
  function shareRuling() {
    document.querySelectorAll(".share-ruling").forEach(function (box) {
      if (box.dataset.ready) return;
      box.dataset.ready = "1";
      var text = box.querySelector("pre.share-text");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "share-copy";
      button.textContent = "Copy this ruling";
      var selectIt = function () {
        window.getSelection().selectAllChildren(text);
        button.textContent = "Selected: copy it now";
      };
      button.addEventListener("click", function () {
        var done = function () {
          button.textContent = "Copied: paste it into the chat";
          setTimeout(function () { button.textContent = "Copy this ruling"; }, 3000);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(text.textContent).then(done, selectIt);
        } else {
          selectIt();
        }
      });
      text.insertAdjacentElement("afterend", button);
    });
  }
  // The list of situations (situations/): an old address of a situation (situations/#misdeal), which
  // showed its ruling there before each had a page, opens its page (without script the list shows it
  // highlighted, with the link).
  function situationAddress() {
    var m = /^#([a-z0-9-]+)$/.exec(window.location.hash);
    var item = m && document.getElementById(m[1]);
    if (!item || item.tagName !== "LI" || !item.closest(".situation-list")) return;
    var link = item.querySelector("a");
    if (link) window.location.replace(link.href);
  }
  window.addEventListener("hashchange", situationAddress);
  function onPage() {
    closePop(); witnessLine(); situationAddress(); citeBoxes(); fillAccessDates(document); addButtons(document);
    paraCite(); entryCite(); focusableScrolls(); gotoLaw(); shareRuling();
  }
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
