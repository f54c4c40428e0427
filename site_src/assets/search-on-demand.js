/* The search index (search/search_index.json, the largest file a visit would download) is fetched
   only when the reader turns to search: the search box focused, or the search toggle opened on a
   phone. Material's script asks for the index as the page loads; this script, loaded before it
   (templates/theme/main.html), holds that one request back until then. */
(function () {
  var wanted = false, waiting = [];
  function want() {
    if (wanted) return;
    wanted = true;
    waiting.splice(0).forEach(function (go) { go(); });
  }
  document.addEventListener("focusin", function (e) {
    if (e.target.classList && e.target.classList.contains("md-search__input")) want();
  });
  document.addEventListener("change", function (e) { if (e.target.id === "__search") want(); });
  document.addEventListener("pointerdown", function (e) {
    if (e.target.closest && e.target.closest(".md-search, label[for='__search']")) want();
  });
  var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.edSearchIndex = /\/search\/search_index\.json$/.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var xhr = this, args = arguments;
    if (xhr.edSearchIndex && !wanted) { waiting.push(function () { send.apply(xhr, args); }); return; }
    return send.apply(xhr, args);
  };
})();
