"""``python -m engine``: the poker engine's command line (see ``engine.cli``)."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
