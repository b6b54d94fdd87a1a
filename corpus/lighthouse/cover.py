#!/usr/bin/env python3
"""Draws the sample book's cover (EPUB/images/cover.png): night sky, sea, a lighthouse and its beam.
Deterministic: the same bytes every run, with only the standard library."""
import struct, zlib, math, pathlib

W, H = 600, 900

def pixel(x, y):
    horizon = 620
    if y < horizon:  # sky: deep blue to violet
        t = y / horizon
        r, g, b = int(12 + 40 * t), int(20 + 30 * t), int(60 + 70 * t)
        # stars
        if (x * 7919 + y * 104729) % 997 == 0:
            r, g, b = 240, 240, 210
    else:  # sea with bands
        t = (y - horizon) / (H - horizon)
        band = 10 * math.sin(y * 0.35 + x * 0.02)
        r, g, b = int(10 + 20 * t + band), int(40 + 40 * t + band), int(80 + 30 * t + band)
    # beam: a wedge from the lamp toward the upper left
    lx, ly = 390, 300
    dx, dy = x - lx, y - ly
    if dx < 0 and dy < 0:
        ang = math.atan2(-dy, -dx)
        if 0.25 < ang < 0.45:
            f = max(0.0, 1 - math.hypot(dx, dy) / 500)
            r, g, b = (int(c + (255 - c) * 0.6 * f) for c in (r, g, b))
            g = min(255, g + int(20 * f))
    # tower: a tapering white column with red bands
    if 300 <= y <= 640:
        half = 28 + (y - 300) * 0.09
        if abs(x - lx) <= half:
            r, g, b = (190, 40, 40) if ((y - 300) // 60) % 2 else (235, 235, 225)
    # lamp room
    if 270 <= y < 300 and abs(x - lx) <= 24:
        r, g, b = 255, 220, 120
    if 255 <= y < 270 and abs(x - lx) <= 30 - (270 - y):
        r, g, b = 40, 40, 50
    # rock
    if y > 630 and abs(x - lx) < 120 - (y - 630) * -0.5 and y < 690:
        r, g, b = 50, 45, 40
    return (max(0, min(255, r)), max(0, min(255, g)), max(0, min(255, b)))

rows = bytearray()
for y in range(H):
    rows.append(0)
    for x in range(W):
        rows.extend(pixel(x, y))

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
out = pathlib.Path(__file__).resolve().parent / "EPUB" / "images" / "cover.png"
out.write_bytes(png)
