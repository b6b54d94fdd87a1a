#!/usr/bin/env python3
"""Builds a fuzz target's seed corpus from the EPUBs of a corpus folder.

usage: fuzz-seeds.py TARGET CORPUS OUT MAX_LEN

Seeds are written to OUT (a work folder under .build/fuzz), named by content hash, never into
the repository. container: whole small EPUBs; package: OPFs; navigation: NAV documents and
NCXs; chapter: XHTML with its linked stylesheets inlined as <style>; css: stylesheets; smil:
media overlays; image: PNG, JPEG, GIF, WebP and SVG files.
"""
import hashlib
import os
import posixpath
import re
import sys
import zipfile

PER_TARGET = 400  # enough variety; more only slows each run's first pass
IMAGE = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg")
LINK = re.compile(rb'<link\b[^>]*?href\s*=\s*["\']([^"\']+\.css)["\'][^>]*>', re.I)


def books(corpus):
    for folder, _, files in sorted(os.walk(corpus)):
        for name in sorted(files):
            if name.endswith(".epub"):
                yield os.path.join(folder, name)


def entries(book):
    try:
        with zipfile.ZipFile(book) as archive:
            for info in archive.infolist():
                if info.file_size > 8 << 20:
                    continue
                try:
                    yield info.filename, archive.read(info), archive
                except Exception:
                    continue
    except Exception:
        return


def inline_styles(name, data, archive):
    """The chapter with each linked stylesheet's text placed in a <style> where its <link> was."""
    def replace(match):
        href = match.group(1).decode("utf-8", "replace").split("#")[0]
        path = posixpath.normpath(posixpath.join(posixpath.dirname(name), href))
        try:
            css = archive.read(path)
        except Exception:
            return match.group(0)
        return b"<style>" + css.replace(b"<", b" ").replace(b"&", b" ") + b"</style>"
    return LINK.sub(replace, data)


def seeds(target, corpus, max_len):
    for book in books(corpus):
        if target == "container":
            if os.path.getsize(book) <= max_len:
                with open(book, "rb") as f:
                    yield f.read()
            continue
        for name, data, archive in entries(book):
            lower = name.lower()
            if target == "package" and lower.endswith(".opf"):
                yield data
            elif target == "navigation" and (lower.endswith(".ncx") or (lower.endswith((".xhtml", ".html")) and b"<nav" in data)):
                yield data
            elif target == "chapter" and lower.endswith((".xhtml", ".html", ".htm")):
                yield inline_styles(name, data, archive)
            elif target == "css" and lower.endswith(".css"):
                yield data
            elif target == "smil" and lower.endswith(".smil"):
                yield data
            elif target == "image" and lower.endswith(IMAGE):
                yield data


def main():
    target, corpus, out, max_len = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    os.makedirs(out, exist_ok=True)
    unique = {}
    for data in seeds(target, corpus, max_len):
        # Big inputs are cut to max_len, as libFuzzer would cut them (not whole EPUBs: see seeds).
        if target != "container":
            data = data[:max_len]
        unique.setdefault(hashlib.sha1(data).hexdigest(), data)
    # A fixed spread over all books (ordered by hash), not the first books' files.
    written = sorted(unique)[:PER_TARGET]
    for digest in written:
        with open(os.path.join(out, digest), "wb") as f:
            f.write(unique[digest])
    print(f"{len(written)} seeds")


main()
