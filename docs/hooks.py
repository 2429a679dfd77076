"""MkDocs hook: the pages show the pictures of rendering/samples/ where they are, without copies under docs/.

A page links a picture by its path in the repository (`../rendering/samples/ttr_japan.png` from docs/index.md), as
GitHub shows it. MkDocs knows only the files under docs/, so each picture joins the site's files under that same
path, seen from docs/, and is written to rendering/samples/ in the built site.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel

SHARED = ("rendering/samples",)
"""Folders of the repository whose pictures the pages show."""


def on_files(files: Files, config: MkDocsConfig) -> Files:
    root = Path(config.config_file_path).parent
    for folder in SHARED:
        for picture in sorted((root / folder).glob("*.png")):
            uri = picture.relative_to(root).as_posix()
            # Included outright: MkDocs would otherwise exclude the path as hidden, for its leading "..".
            shared = File.generated(config, f"../{uri}", abs_src_path=str(picture), inclusion=InclusionLevel.INCLUDED)
            shared.dest_uri = uri
            files.append(shared)
    return files
