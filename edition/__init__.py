"""The edition's text pipeline: witness → reading text → page, with the apparatus.

Plain Python over plain data; nothing here knows about MkDocs (``macros/`` is the bridge). The
modules, from the lowest layer up (a module imports only from the layers below it and from
``engine``; tests/test_structure.py holds the code to this):

The lowest layer: the texts and their checks.

- ``errors``        EditionError: every bad input names file, line and what to do.
- ``typography``    the typography policy: folding for comparison, checks for the source (T1-T8).
- ``datafiles``     the one loader of content's YAML files and front matter: UTF-8, YAML, keys given twice,
                    empty files, the file's shape, raw HTML, each refused naming file and line.
- ``csp``           the Content-Security-Policy of a published page: own files, inline code by hash.
- ``syntax``        the edition markup ({law N}, {supplied: ...}, ...) parsed; the words it stands for.
- ``witnesses``     the verbatim source files and their checksums.
- ``witness_parts`` a long witness shown in parts of a reasonable size, cut where chapters begin.
- ``reading``       reading-text files: front matter, body, spans of the witness.
- ``align``         word alignment of witness and reading text → emendations.

The engine's share, and what a content source is.

- ``engine_calls``  the engine's results made ahead by a worker process, taken when asked for.
- ``examples``      the glossary's example hands, made and ranked by the engine.
- ``sources``       a content source: its data files read once, its engine calls, its build.
- ``templating``    the one Jinja2 environment over templates/pages/: the words of generated pages.

The content sources, one module each, each owning its data files in content/.

- ``replays``       the deals the texts play through (deals.yml), replayed by the engine.
- ``claims``        the printed figures bound to computations (claims.yml) and their verdicts (verdicts.yml).
- ``coverage``      every statement of odds is a claim or registered as none (figures-not-claims.yml).
- ``experiments``   the books' experiments, stored with seed and counts (experiments.yml).
- ``diagrams``      example hands for the card diagrams lost from the witness (diagrams.yml).
- ``averages``      Foster's table of averages, its holdings drawn by the engine (averages.yml).
- ``glossary``      the technical terms merged from the authors' definition lists (glossary.yml).
- ``concordance``   what each authority says on a point (concordance.yml); Foster's commentary on his
                    laws (commentary.yml, checked both ways by law-cases.yml).
- ``silence``       where the concordance calls an authority silent, its texts searched for the point's words.
- ``contents``      the printed book's Contents: the chapter of each printed page, for the index.
- ``findings``      what the checking of the figures finds, in plain words (findings.yml): the figures page's opening.

The whole edition, and what is made from it.

- ``markup``        a reading text rendered to Markdown: anchors, notes, law, term and figure links.
- ``cite``          how the edition is cited.
- ``laws``          Foster's Laws as a model (Law): text, section, sources, citation, commentary, cited by.
- ``edition``       loads everything once: works, texts, apparatus, the sources in order (SOURCES).
- ``anchors``       every published address, and the lock on them.
- ``snapshot``      what a version quotes (content/versions/V.json: readings, verdicts); the build's check.
- ``versions``      ``python -m edition.versions cut`` (a version's snapshot); the page of changes between versions.
- ``pages``         the generated pages as Markdown: reading texts with apparatus, witnesses, figures …
- ``figures_page``  the figures page's data for its template (how good are the old figures?).
- ``deals_page``    the deals page's data for its template (the deals replayed).
- ``glossary_page`` the glossary page's data for its template.
- ``concordance_page`` the concordance and disagreements pages' data for their templates.
- ``data``          the JSON data files (laws, glossary, figures).
- ``law_pages``     the laws as a reference: the index at laws/, each law's page; the home page's data.
- ``search_index``  the search index made small: a long section indexed by its words, previewed by its opening.
- ``spelling``      the spelling check of the reading texts (``python -m edition.spelling``).
- ``__main__``      ``python -m edition FILE...``: one reading text checked, its apparatus listed.
"""
