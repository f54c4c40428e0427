/* The site's search worker: Material's own, with the reader's question searched as the index's
   words (issue 24).

   The index is built in the worker with English stemming (mkdocs.yml, search: pipeline: trimmer,
   stopWordFilter, stemmer): it holds "misdeal" for misdeals and misdealing, "expos" for exposed
   and exposes. Material's query adds a wildcard to every word ("exposed*"), and a word with a
   wildcard skips the pipeline, so "exposed" would never find the stem "expos"; and every word
   would match every longer word it begins ("bet" better, "play" player, "deal" dealer).
   So this script
   1. puts each word of the question through the index's own pipeline before Material sees it
      ("the", "exposed", "misdeals" become nothing, "expos", "misdeal"), keeping the reader's
      words to name the ones no result holds ("Missing: ...", under a result);
   2. has lunr match each word the reader has finished (a space follows it) as a whole stem, and
      the last word, which he may still be typing, as a whole stem and, weighing less (PARTIAL), as
      the beginning of longer words, so that results come while he types;
   3. keeps lunr's own weighing of a field by its length (BM25's b, 0.75 by default), which
      Material turns off (b = 0): a word found in a law of three lines, or in a glossary entry's
      headword, says more than the same word in a chapter of forty paragraphs, and short sections
      are no longer drowned by long ones that merely hold the question's words somewhere.
   A question of stop words only ("who", "can I") is searched as typed, and so is one written in
   Material's query syntax (quotes, +word, -word, field:word, word~1, word^2, word*).

   Material's worker is loaded from the name the page's configuration passes after "?material="
   (templates/theme/base.html, the one place that names Material's hashed file). */
(function () {
  "use strict";
  var QUERY = 2, RESULT = 3; // Material's SearchMessageType (src/.../search/worker/message)
  var PARTIAL = 0.2; // the weight of the last word as the beginning of longer words
  var SYNTAX = /["*~^:]|(^|\s)[+\-]/; // Material's and lunr's query syntax: such a question is left as typed
  var current = null; // the question being searched: {finished, words: {stem: the reader's word}}

  /* 1. The question as the index's words. */
  function prepare(query) {
    if (SYNTAX.test(query)) return null;
    var p = new self.lunr.Pipeline(), words = {}, stems = [];
    p.add(self.lunr.trimmer, self.lunr.stopWordFilter, self.lunr.stemmer);
    query.toLowerCase().replace(/'/g, "\u2019").split(/[\s\-]+/).forEach(function (word) {
      p.runString(word).forEach(function (stem) {
        if (!(stem in words)) words[stem] = word;
        stems.push(stem);
      });
    });
    if (!stems.length) return null;
    return { text: stems.join(" "), finished: /\s$/.test(query), words: words };
  }

  /* 2. Whole stems, and the last word also as a beginning. Material hands lunr "stem* stem*".
     3. Lengths weighed: Material's builder sets b(0); lunr's default (0.75) is kept. */
  function patch(lunr) {
    lunr.Builder.prototype.b = function () {};
    var search = lunr.Index.prototype.search;
    lunr.Index.prototype.search = function (queryString) {
      if (!current) return search.call(this, queryString);
      var finished = current.finished;
      return this.query(function (query) {
        new lunr.QueryParser(queryString, query).parse();
        var clauses = query.clauses.slice();
        clauses.forEach(function (clause, i) {
          var stem = clause.term.replace(/\*$/, "");
          if (i < clauses.length - 1 || finished) {
            clause.term = stem;
          } else {
            clause.boost = PARTIAL;
            query.clause({ term: stem, fields: clause.fields, boost: 1, usePipeline: false,
                           presence: clause.presence });
          }
        });
      });
    };
  }

  var listen = self.addEventListener, post = self.postMessage;
  var asked = []; // the reader's words of each question searched and not yet answered, in order
  self.addEventListener = function (type, listener, options) {
    if (type !== "message") return listen.call(self, type, listener, options);
    return listen.call(self, type, function (ev) {
      var message = ev.data;
      if (!(message && message.type === QUERY && typeof message.data === "string" && self.lunr))
        return listener.call(self, ev);
      current = prepare(message.data);
      asked.push(current ? current.words : {});
      try {
        return listener.call(self, { data: { type: QUERY, data: current ? current.text : message.data } });
      } finally {
        current = null;
      }
    }, options);
  };

  /* A word no result holds is named as the reader wrote it, not by its stem ("Missing: people"). */
  self.postMessage = function (message) {
    if (message && message.type === RESULT && asked.length) {
      var words = asked.shift();
      message.data.items.forEach(function (group) {
        group.forEach(function (item) {
          var terms = {};
          Object.keys(item.terms || {}).forEach(function (t) {
            terms[item.terms[t] || !words[t] ? t : words[t]] = item.terms[t];
          });
          item.terms = terms;
        });
      });
    }
    return post.apply(self, arguments);
  };

  /* This script's own address: a worker's location; in the offline copy, where the iframe-worker
     shim runs it as a <script> in a hidden frame (edition/site/exports/offline.py), the script's
     src, to which the shim adds "?" and a time stamp. Material's worker is loaded from beside it. */
  var doc = self.document, own = doc && doc.currentScript ? doc.currentScript.src : String(self.location.href);
  var material = (new URL(own).searchParams.get("material") || "").replace(/\?\d+$/, "");
  if (!/^javascripts\/workers\/search\.[0-9a-f]+\.min\.js$/.test(material))
    throw new Error("search-worker.js: ?material= must name Material's search worker under assets/");
  var loaded = self.importScripts(new URL(material, own).href);
  if (loaded && typeof loaded.then === "function") loaded.then(function () { patch(self.lunr); }); // the shim's
  else patch(self.lunr);
})();
