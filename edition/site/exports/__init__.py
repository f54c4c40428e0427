"""The downloads: each work as TEI P5 and EPUB 3 (read from the model), as PDF (printed from the
site's own pages), and the whole site offline; downloads lists them (the downloads page's data)."""
