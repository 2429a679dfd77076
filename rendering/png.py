"""A palette picture's PNG, compressed with zlib-ng: about half of zlib's time, and smaller.

Pillow writes PNGs with the zlib it was built with; at its fastest level that was a third of a picture's cost. A
palette PNG is only a header, the palette and the rows deflated (the PNG specification, section 11), so it is put
together here around zlib-ng's deflate. Any other picture (not a palette, or with transparency) goes to Pillow.
"""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

SIGNATURE = b"\x89PNG\r\n\x1a\n"
LEVEL = 2
"""zlib-ng's level 2: smaller files than zlib's level 1 (about 15 %) in about 60 % of its time (bench/pictures.py)."""
PILLOW_LEVEL = 1
"""For pictures Pillow writes: zlib's fastest level."""
NO_FILTER = 0
"""Each row's filter type: none. A palette picture's indices gain little from PNG's filters (they are not values)."""


def png_bytes(image: Image.Image) -> bytes:
    """The picture as PNG bytes: lossless, decoded back to the very same indices and palette."""
    palette = image.getpalette("RGB") if image.mode == "P" else None
    if palette is None or "transparency" in image.info:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=PILLOW_LEVEL)
        return buffer.getvalue()
    width, height = image.size
    framed = Image.new("P", (width + 1, height), NO_FILTER)  # a column in front: each row's filter byte
    framed.paste(image, (1, 0))
    rows = framed.tobytes()
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indices, colour type 3 (palette)
    return b"".join(
        (
            SIGNATURE,
            chunk(b"IHDR", header),
            chunk(b"PLTE", bytes(palette[: 3 * 256])),
            chunk(b"IDAT", zlib_ng.compress(rows, LEVEL)),
            chunk(b"IEND", b""),
        )
    )


def chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
