"""Today's corpus, pinned on purpose, in this one file.

The tests hold the edition's behaviour; a few of them also hold what today's corpus is (five witnesses
of four works, 100 situations, the navigation's sections ...), so that a page or an entry lost by
accident fails a test. Those facts are written here and nowhere else: when the corpus grows on
purpose (a new work or witness, more situations, terms or points of the concordance), this is the one
test file to change, and ``tests/test_corpus_pins.py`` says which fact moved and to what.

The edition's version and its day are not pinned at all: tests read them (``tests/helpers.py``:
``VERSION``, ``VERSION_DATE``), so cutting a version changes no test.
"""
from __future__ import annotations

#: The works, in their order (content/works.yml, the navigation's), and their witnesses (content/witnesses/).
WORKS = ("foster", "britannica", "hoyle", "keller")
#: Each work's key in the citation files (cite/edition.bib ...), in the works' order.
WORK_CITATION_KEYS = ["foster1905", "britannica1911:poker", "hoyle", "keller1887"]
WITNESSES = {"000": "foster", "001": "britannica", "002": "hoyle", "003": "hoyle", "004": "keller"}
#: How many parts each witness's page is cut into (edition/texts/witness_parts.py): Foster's book is long.
WITNESS_PARTS = {"000": 9, "001": 1, "002": 1, "003": 1, "004": 1}

#: The navigation's top level (edition/site/registry.py), and the witnesses as it lists them.
NAVIGATION = ["Home", "What happened?", "Laws", "What is the rule when…", "Practical Poker (R. F. Foster, 1905)",
              "Poker (Encyclopædia Britannica, 1911)", "Hoyle's Games Modernized (Professor Hoffmann)",
              "The Game of Draw Poker (J. W. Keller, 1887)", "Concordance", "Glossary", "House rules", "Figures",
              "The edition"]
WITNESSES_NAVIGATION = [{"Practical Poker (000)": "witnesses/000.md"}, {"Poker (001)": "witnesses/001.md"},
                        {"Hoyle's Games Modernized (002)": "witnesses/002.md"},
                        {"Hoyle's Games Modernized (003)": "witnesses/003.md"},
                        {"The Game of Draw Poker (004)": "witnesses/004.md"}]

#: "What is the rule when…" (content/situations.yml).
SITUATIONS = 100

#: The glossary: its entries, the definitions the three authors' lists print (Foster 135, Britannica
#: 32, Keller 28: each has an entry), and the entries with an example hand made by the engine.
GLOSSARY_ENTRIES = 147
PRINTED_DEFINITIONS = {"foster/technical-terms.md": 135, "britannica/poker.md": 32, "keller/technical-terms.md": 28}
GLOSSARY_EXAMPLES = 12

#: The concordance's points (content/concordance.yml), and those where the authorities differ in substance.
CONCORDANCE_POINTS = 53
DISAGREEMENTS = 15

#: The anchors of the figures page (content/anchors.lock): its sections, findings and tables.
FIGURES_ANCHORS = 29
