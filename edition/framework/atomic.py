"""Writing a file whole or not at all: the one way the build writes a file.

Every file the build writes itself goes through ``write``: the site's pages it rewrites (the
Content-Security-Policy, the heads of a build without downloads, the redirects' aliases), the JSON
data files, the redirect pages, the sitemap's gzip copy, the search index, the downloads, their
page and ``SHA256SUMS``, the cache's entries (edition/framework/cache.py), ``content/anchors.lock``
and a version's snapshot. ``tests/test_structure.py`` finds any other write in the code.

The bytes go to a temporary file in the same folder, which is then renamed over the file: a
reader (the browser of ``make serve``, a copy of the site being made, another build) sees the old
file or the new one, never half of one, and a build stopped midway leaves no file cut short. The
file gets the permissions a new file gets (0666 less the umask), not the temporary file's 0600, so
that a web server can read what is published. A file that is a symbolic link is replaced by the
file, never written through: no write lands outside the folder its path names.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write(folder / "a.json", '{"a": 1}\\n')
>>> (folder / "a.json").read_text()
'{"a": 1}\\n'
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

TEMPORARY = ".tmp-"  # the temporary files' names begin so (a build stopped midway may leave one)


def _umask() -> int:
    """The process's umask, read without changing it (os.umask would, for a moment, in every thread)."""
    try:
        found = re.search(r"^Umask:\s*([0-7]+)$", Path("/proc/self/status").read_text(), re.MULTILINE)
        if found:
            return int(found[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)  # (read once, when the module is first imported)
    os.umask(mask)
    return mask


MODE = 0o666 & ~_umask()


def write(path: Path, data: str | bytes, durable: bool = False) -> None:
    """Write *data* (text is written as UTF-8) to *path*, whole or not at all. *durable*: the bytes
    and the rename are on the disk before it returns (for the files of content/, which are kept);
    the site's files are made again by any build, and are not synced. Raises OSError as ``open``."""
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=TEMPORARY)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            os.fchmod(f.fileno(), MODE)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if durable:
        folder = os.open(path.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
