/* The site's own search worker run in Node, for tuning (bench/search_fast.py runs it).

     node bench/search-worker-node.js SITE_DIR < questions.json > results.json

   SITE_DIR is a built site. The worker is the one its pages start (the "search" entry of the page's
   configuration: assets/search-worker.js?material=javascripts/workers/search.<hash>.min.js, the
   edition's script, which loads Material's worker beside it), run as a browser runs a worker: in a
   context of its own whose `self` has importScripts, addEventListener and postMessage, no DOM.
   It is given the index the page fetches (search/search_index.json) as Material's page gives it
   (SETUP with the index's config and docs and the theme's search.suggest), then each question of
   the JSON list on stdin as the search box sends it when the last key is typed (QUERY with the
   box's value). What the reader sees of each result is computed as Material's page renders it
   (src/templates/assets/javascripts/templates/search/index.tsx, renderSearchResultItem): each
   group's page entry first (the entry without "#", or, in a group without one, its last), then the
   sections that score as the group's first; the rest is folded under "N more on this page" and not
   seen. Printed: a JSON list, for each question, of the first LINKS addresses seen, in order.
*/
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3; // Material's SearchMessageType
const LINKS = 10;

function workerAddress(site) {
  const page = fs.readFileSync(path.join(site, "index.html"), "utf8");
  const config = page.match(/id="__config"[^>]*>([^<]*)</);
  if (!config) throw new Error(`${site}/index.html: no __config (is it a built site?)`);
  return JSON.parse(config[1]).search; // relative to the site's root (the home page's base is ".")
}

/* A worker's global scope: the messages it receives and posts, and importScripts from the site. */
function startWorker(site) {
  const address = new URL(workerAddress(site), "http://site.invalid/");
  const listeners = [];
  const posted = [];
  const scope = {
    console, URL, URLSearchParams, setTimeout, clearTimeout, queueMicrotask, TextEncoder, TextDecoder,
    location: { href: address.href, toString: () => address.href },
    addEventListener(type, listener) { if (type === "message") listeners.push(listener); },
    postMessage(message) { posted.push(JSON.parse(JSON.stringify(message))); },
    importScripts(...urls) {
      for (const url of urls) {
        const file = path.join(site, decodeURIComponent(new URL(url, address).pathname));
        vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
      }
    },
  };
  const context = vm.createContext(scope);
  scope.self = context;
  const own = path.join(site, address.pathname);
  vm.runInContext(fs.readFileSync(own, "utf8"), context, { filename: own });
  return {
    async send(message) {
      const before = posted.length;
      // As a browser delivers it: to each listener the worker's scripts added, in their own order.
      for (const listener of [...listeners]) listener.call(context, { data: message });
      for (let i = 0; i < 100 && posted.length === before; i++) await new Promise(r => setImmediate(r));
      if (posted.length === before) throw new Error("the worker did not answer");
      return posted.shift();
    },
  };
}

/* The links a reader sees for one result group, in order (renderSearchResultItem). */
function seen(group) {
  const threshold = group[0].score;
  const docs = [...group];
  const parent = docs.findIndex(doc => !doc.location.includes("#"));
  const [article] = docs.splice(parent, 1);
  let index = docs.findIndex(doc => doc.score < threshold);
  if (index === -1) index = docs.length;
  return [article, ...docs.slice(0, index)].map(doc => doc.location);
}

async function main() {
  const site = process.argv[2];
  if (!site) throw new Error("usage: node bench/search-worker-node.js SITE_DIR < questions.json");
  const questions = JSON.parse(fs.readFileSync(0, "utf8"));
  const index = JSON.parse(fs.readFileSync(path.join(site, "search", "search_index.json"), "utf8"));
  const worker = startWorker(site);
  const ready = await worker.send({ type: SETUP, data: { config: index.config, docs: index.docs,
                                                          options: { suggest: true } } });
  if (ready.type !== READY) throw new Error(`the worker answered the index with ${JSON.stringify(ready)}`);
  const out = [];
  for (const q of questions) {
    const answer = await worker.send({ type: QUERY, data: q });
    if (answer.type !== RESULT) throw new Error(`the worker answered ${JSON.stringify(q)} with type ${answer.type}`);
    out.push(answer.data.items.flatMap(seen).slice(0, LINKS));
  }
  process.stdout.write(JSON.stringify(out));
}

module.exports = { startWorker, seen, SETUP, QUERY };
if (require.main === module)
  main().catch(err => { process.stderr.write(`search-worker-node.js: ${err.message}\n`); process.exit(1); });
