/* The site's search worker: Material's own, with the reader's question searched as the index's
   words (issues 24 and 32).

   The index is built in the worker with English stemming (mkdocs.yml, search: pipeline: trimmer,
   stopWordFilter, stemmer): it holds "misdeal" for misdeals and misdealing, "expos" for exposed
   and exposes. Material's query adds a wildcard to every word ("exposed*"), and a word with a
   wildcard skips the pipeline, so "exposed" would never find the stem "expos"; and every word
   would match every longer word it begins ("bet" better, "play" player, "deal" dealer).
   So this script
   1. reads the index's words and the question's alike, through one pipeline (WORDS): lunr's, with
      a number written out made its figure ("six cards" and "6 cards" are the same words; "sixes",
      a hand, stays a word of its own), a verb's irregular form made its own ("dealt" is "deal",
      "drew" "draw"), every negation made one word, "not" ("didn't", "no", "without", "nobody",
      "can't"), which the stop-word filter keeps (lunr's list drops "no" and "not"), and each two
      neighbouring words of a sentence also indexed as one word, their pair ("4card", "notdraw",
      "tablestake"), so that a place holding the reader's words in his order, a phrase, weighs more
      than one holding them apart (PAIR), and a compound is found however it is written ("jack pot",
      "jack-pot" and "jackpot" are all "jackpot"). The rest of a long section's words, each once in
      alphabetical order (edition/site/search_index.py), make no pairs. Two stop words side by side
      in a phrase of the thesaurus are kept as one word ("all in" is "allin"), and in the question
      where the index holds that word ("can I go all in" searches "go allin", "can I check" "check");
   2. puts the question through that pipeline before Material sees it ("the", "exposed",
      "misdeals" become nothing, "expos", "misdeal"), keeping the reader's words to name the ones no
      result holds ("Missing: ...", under a result);
   3. has lunr match each word the reader has finished (a space follows it) as a whole stem, and
      the last word, which he may still be typing, as a whole stem and, weighing less (PARTIAL), as
      the beginning of longer words, so that results come while he types;
   4. keeps lunr's own weighing of a field by its length (BM25's b, 0.75 by default), which
      Material turns off (b = 0): a word found in a law of three lines, or in a glossary entry's
      headword, says more than the same word in a chapter of forty paragraphs, and short sections
      are no longer drowned by long ones that merely hold the question's words somewhere;
   5. makes each entry of a page of entries (the glossary's terms) a result of its own, rather than
      a section under its page's landing entry (see regroup), and names beside a situation's title
      the law that answers it.
   A question of stop words only ("who", "can I") is searched as typed, and so is one written in
   Material's query syntax (quotes, +word, -word, field:word, word~1, word^2, word*).

   Material's worker is loaded from the name the page's configuration passes after "?material="
   (templates/theme/base.html, the one place that names Material's hashed file). */
(function () {
  "use strict";
  var SETUP = 0, QUERY = 2, RESULT = 3; // Material's SearchMessageType (src/.../search/worker/message)
  var PARTIAL = 0.2; // the weight of the last word as the beginning of longer words
  var PAIR = 1; // the weight of two neighbouring words of the question found side by side, as one word
  var SYNTAX = /["*~^:]|(^|\s)[+\-]/; // Material's and lunr's query syntax: such a question is left as typed
  var SEPARATOR = /[\s\-]+/; // the index's (mkdocs.yml, search: separator: Material's default)
  var NUMBERS = { one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8",
                  nine: "9", ten: "10", eleven: "11", twelve: "12" };
  var IRREGULAR = { dealt: "deal", drew: "draw", drawn: "draw", threw: "throw", thrown: "throw", gave: "give",
                    given: "give", took: "take", taken: "take", shown: "show", saw: "see", seen: "see", won: "win",
                    lost: "lose", held: "hold", made: "make", paid: "pay", kept: "keep", found: "find", fell: "fall",
                    fallen: "fall", stood: "stand", chose: "choose", chosen: "choose", began: "begin", begun: "begin",
                    bought: "buy", sold: "sell", broke: "break", broken: "break", told: "tell", sat: "sit", ran: "run",
                    came: "come", went: "go", gone: "go", burnt: "burn" };
  var NEGATION = /^(?:no|not|nor|never|none|nobody|nothing|neither|without|cannot|.+n[’']t)$/;
  var END = /[.,;:!?)\]”"…]$/; // a word that ends a sentence or a clause: no pair with the next
  var UNPAIRED = { words: true }; // the fields whose words stand in no order (a long section's rest)
  // The thesaurus's fields (a reader's words, phrase by phrase) and the question, where two stop
  // words side by side are kept as one word: "all in" (the thesaurus's, for a sight) is "allin".
  var STOPS_PAIRED = { aliases: true, synonyms: true, question: true };
  var current = null; // the question being searched: {finished, words: {stem: the reader's word}, pairs}
  var field = null; // the field whose words the index's pipeline is reading
  var built = null; // the index built

  /* 1. The words of the index and of the question. Each is a lunr pipeline function (token, i,
     tokens); lunr runs each over all the words before the next. */
  function ends(token, i, tokens) { // before the trimmer, which takes the punctuation away
    if (END.test(token.str)) token.metadata.ends = true;
    return token;
  }
  function forms(token, i, tokens) { // after the trimmer: a number made a figure, a verb's irregular
    // form its own, a negation "not" ("no one" too, as "nobody"), "rule" before a number "law"
    if (token.str === "one" && i > 0 && tokens[i - 1].str === "not") return;
    if (token.str === "rule" && i + 1 < tokens.length && /^\d+$/.test(tokens[i + 1].str)) // "rule 51" is Law 51
      return token.update(function () { return "law"; });
    return token.update(function (s) {
      return NUMBERS[s] || IRREGULAR[s] || (NEGATION.test(s) ? "not" : s);
    });
  }
  function pairs(token, i, tokens) { // last: each word, and it and the next as one word
    var next = tokens[i + 1];
    if (!next || token.metadata.ends || UNPAIRED[field] ||
        (token.metadata.position >> 20) !== (next.metadata.position >> 20)) // another block (<p>, <li>)
      return token;
    return [token, new self.lunr.Token(token.str + next.str, { position: token.metadata.position })];
  }
  function pipeline(lunr) { // the index's, without its pairs (made once: lunr knows its functions by name)
    var stop = lunr.stopWordFilter;
    function kept(token) { return token.str === "not" || stop(token); }
    function stopWords(token, i, tokens) { // lunr's, but "not" is kept; a dropped word's end stays
      if (kept(token)) return token;
      var next = tokens[i + 1];
      if (STOPS_PAIRED[field] && next && !token.metadata.ends && !kept(next)) // two stop words: one word
        return new lunr.Token(token.str + next.str, { position: token.metadata.position, stops: true,
                                                      words: token.str + " " + next.str, ends: next.metadata.ends });
      if (token.metadata.ends) for (var k = i - 1; k >= 0; k--) if (kept(tokens[k])) {
        tokens[k].metadata.ends = true;
        break;
      }
    }
    [ends, forms, stopWords, pairs].forEach(function (fn) {
      lunr.Pipeline.registerFunction(fn, "edition-" + fn.name);
    });
    return [ends, lunr.trimmer, forms, stopWords, lunr.stemmer];
  }
  var WORDS = null; // pipeline(lunr), once lunr is loaded

  /* 2. The question as the index's words. */
  function prepare(lunr, query) {
    if (SYNTAX.test(query)) return null;
    var p = new lunr.Pipeline(), words = {}, stems = [], tokens = [];
    p.add.apply(p, WORDS);
    query.toLowerCase().replace(/'/g, "\u2019").split(SEPARATOR).forEach(function (word, i) {
      if (word) tokens.push(new lunr.Token(word, { word: word, position: 0 }));
    });
    field = "question";
    var run = p.run(tokens).filter(function (token) { // two stop words made one: a word of the question
      return !token.metadata.stops || (built && token.str in built.invertedIndex); // where the index has it
    }), pairs = [];
    run.forEach(function (token, i) {
      if (!(token.str in words))
        words[token.str] = (token.metadata.stops ? token.metadata.words : token.metadata.word).replace(/[^\w’]+$/, "");
      stems.push(token.str);
      if (i + 1 < run.length && !token.metadata.ends) pairs.push(token.str + run[i + 1].str);
    });
    if (!stems.length) return null;
    return { text: stems.join(" "), finished: /\s$/.test(query), words: words, pairs: pairs };
  }

  /* 3. Whole stems, and the last word also as a beginning; the pairs. Material hands lunr "stem* stem*".
     4. Lengths weighed: Material's builder sets b(0); lunr's default (0.75) is kept. */
  function patch(lunr) {
    lunr.Builder.prototype.b = function () {};
    WORDS = pipeline(lunr);
    var build = lunr.Builder.prototype.build;
    lunr.Builder.prototype.build = function () { return (built = build.call(this)); };
    var add = lunr.Builder.prototype.add;
    lunr.Builder.prototype.add = function (doc, attributes) {
      if (!this.editionWords) { // the first document: the index's pipeline made WORDS, its fields known
        var stack = this.pipeline._stack;
        if (stack.length !== 3 || stack[0] !== lunr.trimmer || stack[1] !== lunr.stopWordFilter ||
            stack[2] !== lunr.stemmer)
          throw new Error("search-worker.js: the index's pipeline must be trimmer, stopWordFilter, stemmer");
        this.pipeline.reset();
        this.pipeline.add.apply(this.pipeline, WORDS.concat([pairs]));
        var tokenizer = this.tokenizer;
        this.tokenizer = function (value, metadata) {
          field = metadata && metadata.fields ? metadata.fields[0] : null;
          return tokenizer.call(this, value, metadata);
        };
        this.editionWords = true;
      }
      return add.call(this, doc, attributes);
    };
    var search = lunr.Index.prototype.search;
    lunr.Index.prototype.search = function (queryString) {
      if (!current) return search.call(this, queryString);
      var finished = current.finished, pairs = current.pairs;
      var results = this.query(function (query) {
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
        pairs.forEach(function (pair) {
          query.clause({ term: pair, boost: PAIR, usePipeline: false });
        });
      });
      // A pair stands where its first word does: Material would mark that word twice, breaking its markup.
      results.forEach(function (result) {
        var seen = {};
        Object.keys(result.matchData.metadata).forEach(function (term) {
          var fields = result.matchData.metadata[term];
          Object.keys(fields).forEach(function (name) {
            if (!fields[name].position) return;
            fields[name].position = fields[name].position.filter(function (p) {
              var key = name + ":" + p, fresh = !(key in seen);
              seen[key] = true;
              return fresh;
            });
          });
        });
      });
      return results;
    };
  }

  /* 5. Results of their own. Material groups the results by page: a page's own entry, then its
     best sections, the others folded under "N more on this page". On a page of entries (the
     index's config.own_results: the glossary), each entry that matches is a result of its own,
     weighed as the section it is; the page's own entry is a result only where it matches itself,
     not as the heading of its entries. An entry whose title the question is, in the index's words
     and their order ("table stakes" Table Stakes, "jackpot" Jack-Pots, "burn card" Burnt Card; not
     "a flush but only a straight" Straight Flush), weighs as a page (Material's post-query boost,
     1 + (1 + f)^2 for a page's entry where a section has 1 + f^2, f the share of the question's
     words it holds), and NAMED times more: the reader named it. A term the question merely uses
     ("the dealer skipped me": Skip, a kind of straight) does not outweigh the law or the situation. */
  var NAMED = 3;
  var ownResults = []; // the pages whose sections are results of their own
  var titles = {}; // each of their entries' title, as the index's words
  function ownPage(location) {
    var page = location.split("#")[0];
    return ownResults.indexOf(page) >= 0 && location !== page;
  }
  function stems(text) {
    var p = new self.lunr.Pipeline();
    p.add.apply(p, WORDS);
    return p.run(text.toLowerCase().split(SEPARATOR).filter(Boolean).map(function (word) {
      return new self.lunr.Token(word, { position: 0 });
    })).map(String);
  }
  function setup(index) {
    ownResults = index.config.own_results || [];
    titles = {};
    index.docs.forEach(function (doc) {
      if (ownPage(doc.location)) titles[doc.location] = stems(doc.title.replace(/<[^>]*>/g, ""));
    });
  }
  /* An entry shown as a result of its own: Material shows such a result by its title alone (the
     text under a title is shown only for a page's own entry), so its text goes with its title, in
     a span of its own (edition.css shows it as Material shows a text). */
  var KEPT = /<(?!\/?(?:mark|em|strong|code)\b)[^>]*>/g; // the text's tags but its highlights and emphasis
  function heading(item) {
    var title = item.title;
    var text = (item.text || "").replace(KEPT, " ").replace(/\s+/g, " ").trim();
    return text ? title + '<span class="ed-search-text">' + text + "</span>" : title;
  }
  function regroup(groups, asked) {
    if (!ownResults.length) return groups;
    var out = [];
    groups.forEach(function (group) {
      if (!group.some(function (item) { return ownPage(item.location); })) return out.push(group);
      group.forEach(function (item) {
        if (!ownPage(item.location)) {
          if (item.score > 0) out.push([item]); // the page's own entry, where it matched itself
          return;
        }
        var keys = Object.keys(item.terms || {}), f = keys.length ? keys.filter(function (t) {
          return item.terms[t];
        }).length / keys.length : 0;
        var title = titles[item.location] || [];
        var question = Object.keys(asked).join(" "); // its words in their order, each once
        var named = title.length && (question === title.join(" ") || question === title.join("")); // "jackpot"
        out.push([Object.assign({}, item, {
          score: named ? item.score * (1 + (1 + f) * (1 + f)) / (1 + f * f) * NAMED : item.score,
          title: heading(item)
        })]);
      });
    });
    return out.map(function (group, i) { return { group: group, i: i }; }).sort(function (a, b) {
      return b.group[0].score - a.group[0].score || a.i - b.i;
    }).map(function (x) { return x.group; });
  }

  var listen = self.addEventListener, post = self.postMessage;
  var asked = []; // the reader's words of each question searched and not yet answered, in order
  self.addEventListener = function (type, listener, options) {
    if (type !== "message") return listen.call(self, type, listener, options);
    return listen.call(self, type, function (ev) {
      var message = ev.data;
      if (message && message.type === SETUP && message.data && message.data.config && self.lunr)
        setup(message.data);
      if (!(message && message.type === QUERY && typeof message.data === "string" && self.lunr))
        return listener.call(self, ev);
      current = prepare(self.lunr, message.data);
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
      message.data.items = regroup(message.data.items, words);
      message.data.items.forEach(function (group) {
        group.forEach(function (item) {
          if (item.law) item.title += " — Law " + item.law; // a situation names the law that answers it
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
