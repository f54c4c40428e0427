/* The house-rules page (house-rules/): the choices in the page's address (its query, as the form
   would send it: only what differs from Foster's rules) are set in the form and written into the
   rulebook; each change writes the address again, so that a copied link reproduces the rulebook.
   What the address asks for that the form does not offer (an unknown field, a value none of a
   field's choices has, a second value for one choice) is left out, Foster's rule kept in its place,
   and named in a note (#hr-dropped); the page's own link then asks only for what the form shows.
   A value typed into a field is kept without the invisible and control characters the edition
   refuses everywhere (their list comes with the page's data), which would reorder what is shown.
   The rankings of every combination of hands the engine allows come with the page (an attribute of #hr-data, made
   at build time: edition/site/house_rules_page.py); nothing is computed here but what to show.
   Material's instant navigation runs this file again when the page is reached by a link. */
(function () {
  var form = document.getElementById("hr-form");
  var dataEl = document.getElementById("hr-data");
  if (!form || !dataEl) return;
  var data = JSON.parse(dataEl.dataset.rankings);
  var UNSEEN = new RegExp(data.invisible, "gu");
  var BLANK = "________";
  var book = document.getElementById("rulebook");
  var canonical = location.origin + location.pathname;
  // The address a shared link gives: the page's own, or, in the offline copy (whose address is a file
  // of the reader's own), its published address (the page's canonical link).
  var canonicalLink = document.querySelector('link[rel="canonical"]');
  var published = location.protocol === "file:" && canonicalLink ? canonicalLink.href : canonical;

  function controls(name) { return Array.prototype.filter.call(form.elements, function (el) { return el.name === name; }); }
  function names() {
    var seen = [];
    Array.prototype.forEach.call(form.elements, function (el) { if (el.name && seen.indexOf(el.name) < 0) seen.push(el.name); });
    return seen;
  }
  function checkedValue(name) {
    var el = controls(name).filter(function (c) { return c.checked; })[0];
    return el ? el.value : null;
  }
  function isDefault(el) { return el.type === "radio" || el.type === "checkbox" ? el.checked === el.defaultChecked : el.value === el.defaultValue; }

  function visible(text) { return text.replace(UNSEEN, ""); }
  // A field as the note names it: a text field by its label, a group of choices by its legend.
  function fieldName(name) {
    var el = controls(name)[0];
    var label = el.type === "text" ? form.querySelector("label[for='" + el.id + "']") : el.closest("fieldset").querySelector("legend");
    return label.textContent.trim();
  }
  function quoted(text) {
    text = visible(text).trim();
    return "“" + (text.length > 40 ? text.slice(0, 40) + "…" : text) + "”";
  }

  // The form from the address: every control back to its default, then what the query names, where the
  // form offers it; what it does not offer is dropped, and listed in the note.
  function fromAddress() {
    var params = new URLSearchParams(location.search);
    var known = names(), dropped = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name) return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = el.defaultChecked; else el.value = el.defaultValue;
    });
    params.forEach(function (value, name) {
      if (known.indexOf(name) < 0) dropped.push(quoted(name + "=" + value));
    });
    known.forEach(function (name) {
      if (!params.has(name)) return;
      var wanted = params.getAll(name), group = controls(name), first = group[0];
      var offered = function (value) { return group.filter(function (el) { return el.value === value; })[0]; };
      var refuse = function (value) { dropped.push(quoted(value) + " for “" + fieldName(name) + "”"); };
      if (first.type === "checkbox") {
        wanted.forEach(function (value) { var el = offered(value); if (el) el.checked = true; else refuse(value); });
        return;
      }
      wanted.slice(1).forEach(refuse);  // one value a field: the first is taken
      if (first.type === "radio") {
        var chosen = offered(wanted[0]);
        if (chosen) chosen.checked = true; else refuse(wanted[0]);  // the default (Foster's) stays checked
      } else {
        first.value = visible(wanted[0]).slice(0, first.maxLength > 0 ? first.maxLength : 60);
      }
    });
    var note = document.getElementById("hr-dropped");
    note.hidden = dropped.length === 0;
    note.textContent = dropped.length ? note.dataset.template.replace("{asked}", dropped.join("; ")) : "";
  }

  // The query of the form: what differs from the defaults, in the form's order.
  function query() {
    var params = new URLSearchParams();
    names().forEach(function (name) {
      var group = controls(name);
      if (group.every(isDefault)) return;
      group.forEach(function (el) {
        if (el.type === "radio" || el.type === "checkbox") { if (el.checked) params.append(name, el.value); }
        else if (visible(el.value).trim()) params.append(name, visible(el.value).trim());
      });
    });
    return params.toString();
  }

  // The engine's name of the chosen combination ("foster+blaze+mistigris"), extra hands the base
  // refuses left out (and their boxes disabled, the refusal shown).
  var notApplied = [];  // extra hands chosen that the base refuses: named in the rulebook
  function hands() {
    var base = checkedValue("base") || "foster";
    var extras = [];
    notApplied = [];
    controls("extra").concat(controls("corner")).forEach(function (el) {
      var refused = el.value !== "" && (base === "foster-proper" || (base !== "foster" && el.value !== "mistigris"));
      el.disabled = refused;
      if (el.checked && el.value) (refused ? notApplied : extras).push(el.value);
    });
    form.querySelectorAll("[data-refuses]").forEach(function (p) { p.classList.toggle("hr-active", p.dataset.refuses === base); });
    extras.sort();
    return [base].concat(extras).join("+");
  }

  function showHands(name) {
    var rows = data.rankings[name];
    var refused = document.getElementById("hr-refused");
    if (!rows) { name = "foster"; rows = data.rankings.foster; }  // not reached: the form makes only allowed names
    var body = document.getElementById("hr-hands-body");
    body.textContent = "";
    rows.forEach(function (r) {
      var tr = document.createElement("tr");
      [String(r[3]), r[0], r[1].toLocaleString("en-US"), r[2]].forEach(function (text) {
        var td = document.createElement("td"); td.textContent = text; tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    document.getElementById("hr-total").textContent = data.totals[name].toLocaleString("en-US");
    document.getElementById("hr-combination").textContent = data.titles[name];
    document.getElementById("hr-hands-title").dataset.combination = name;
    var parts = name.split("+");
    book.querySelectorAll("[data-extra]").forEach(function (p) {
      p.hidden = !p.dataset.extra.split(" ").some(function (x) { return parts.indexOf(x) > 0; });
    });
    refused.hidden = notApplied.length === 0;
    refused.textContent = notApplied.length ? refused.dataset.template.replace("{hands}", notApplied.map(function (v) {
      return form.querySelector("label[for='" + form.querySelector("input[value='" + v + "']").id + "']").textContent;
    }).join("; ")) : "";
  }

  function fill() {
    book.querySelectorAll("[data-field]").forEach(function (span) {
      var el = form.elements[span.dataset.field];
      span.textContent = el && visible(el.value).trim() ? visible(el.value).trim() : BLANK;
    });
    book.querySelectorAll("[data-matter]").forEach(function (span) {
      var group = controls(span.dataset.matter), text = "";
      if (group.length === 1 && group[0].type === "text") text = visible(group[0].value).trim();
      else group.forEach(function (el) { if (el.checked) text = el.dataset.text; });
      span.querySelector(".hr-value").textContent = text || BLANK;
    });
    var anyCustom = false;
    book.querySelectorAll("[data-custom-rule]").forEach(function (div) {
      var played = checkedValue(div.dataset.customRule) === "yes";
      div.hidden = !played;
      anyCustom = anyCustom || played;
    });
    book.querySelector(".hr-no-customs").hidden = anyCustom;
    book.querySelectorAll("span[data-custom]").forEach(function (span) {
      span.hidden = checkedValue(span.dataset.custom) !== "no";
    });
  }

  function update() {
    showHands(hands());
    fill();
    var q = query();
    var address = canonical + (q ? "?" + q : "");
    if (address !== location.href.split("#")[0]) history.replaceState(history.state, "", address + location.hash);
    var shared = published + (q ? "?" + q : "");
    document.getElementById("hr-link").value = shared;
    document.getElementById("hr-book-link").textContent = shared;
  }

  fromAddress();
  form.querySelector(".hr-actions").hidden = false;
  form.querySelector(".hr-nojs-submit").hidden = true;
  document.querySelectorAll(".hr-noscript").forEach(function (p) { p.hidden = true; });
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  document.getElementById("hr-print").addEventListener("click", function () { window.print(); });
  document.getElementById("hr-reset").addEventListener("click", function () {
    history.replaceState(history.state, "", canonical + location.hash);
    fromAddress(); update();
  });
  document.getElementById("hr-copy").addEventListener("click", function () {
    var button = this, link = document.getElementById("hr-link");
    var done = function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy link"; }, 2000); };
    if (navigator.clipboard) navigator.clipboard.writeText(link.value).then(done, function () { link.select(); });
    else link.select();
  });
  update();
})();
