#!/usr/bin/env python3
"""Narrates the chapters of The Tide Clock: one espeak-ng utterance per sentence (every element
with an id inside the chapter's section, in document order), joined into one MP3 per chapter,
with a SMIL overlay whose clips are the utterances' exact sample counts, and the media:duration
values filled into package.opf. Run by scripts/build-narrated-sample.sh in a copy of the sources.

Usage: narrate.py EPUB-FOLDER
"""
import os, subprocess, sys, tempfile, wave
import xml.etree.ElementTree as ET

XHTML = "{http://www.w3.org/1999/xhtml}"
CHAPTERS = [("chapter-1", "mo1"), ("chapter-2", "mo2")]
VOICE = ["espeak-ng", "-v", "en-gb", "-s", "165", "-p", "45"]


def sentences(path):
    """(id, text) of each element with an id inside the section, in order; the section's own id is the textref."""
    section = next(e for e in ET.parse(path).getroot().iter(XHTML + "section"))
    out = []
    for element in section.iter():
        if element is not section and element.get("id"):
            out.append((element.get("id"), " ".join("".join(element.itertext()).split())))
    return section.get("id"), out


def clock(frames, rate):
    """A full clock value, h:mm:ss.fff, of a sample count."""
    ms = round(frames * 1000 / rate)
    return "%d:%02d:%02d.%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)


def narrate(epub, name, work):
    section, parts = sentences(os.path.join(epub, "text", name + ".xhtml"))
    rate, frames, bounds, pcm = None, 0, [0], []
    for ident, text in parts:
        wav = os.path.join(work, ident + ".wav")
        subprocess.run(VOICE + ["-w", wav, text], check=True)
        with wave.open(wav) as w:
            rate = rate or w.getframerate()
            assert w.getframerate() == rate and w.getnchannels() == 1 and w.getsampwidth() == 2
            n = w.getnframes()
            pcm.append(w.readframes(n))
        frames += n
        bounds.append(frames)
    joined = os.path.join(work, name + ".wav")
    with wave.open(joined, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(pcm))
    os.makedirs(os.path.join(epub, "audio"), exist_ok=True)
    # ABR writes a Xing/LAME header, so decoders drop the encoder delay and padding: the MP3
    # plays exactly the WAV's samples and the clip times below hold to the sample.
    subprocess.run(["lame", "--quiet", "-m", "m", "--abr", "24", joined, os.path.join(epub, "audio", name + ".mp3")], check=True)
    pars = "\n".join(
        '      <par id="p-%s">\n        <text src="../text/%s.xhtml#%s"/>\n'
        '        <audio src="../audio/%s.mp3" clipBegin="%s" clipEnd="%s"/>\n      </par>'
        % (ident, name, ident, name, clock(bounds[k], rate), clock(bounds[k + 1], rate))
        for k, (ident, _) in enumerate(parts))
    smil = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">\n'
            '  <body>\n    <seq id="seq-%s" epub:textref="../text/%s.xhtml#%s" epub:type="chapter">\n%s\n    </seq>\n  </body>\n</smil>\n'
            % (section, name, section, pars))
    os.makedirs(os.path.join(epub, "overlays"), exist_ok=True)
    with open(os.path.join(epub, "overlays", name + ".smil"), "w", encoding="utf-8") as f:
        f.write(smil)
    # Clip ends are rounded to the millisecond, so the overlay lasts what its last clipEnd says.
    return round(frames * 1000 / rate)


def main():
    epub = sys.argv[1]
    with tempfile.TemporaryDirectory() as work:
        durations = {mo: narrate(epub, name, work) for name, mo in CHAPTERS}
    template = os.path.join(epub, "package.opf.in")
    text = open(template, encoding="utf-8").read()
    fmt = lambda ms: clock(ms, 1000)
    text = text.replace("{{duration}}", fmt(sum(durations.values())))
    for mo, ms in durations.items():
        text = text.replace("{{duration-%s}}" % mo, fmt(ms))
    with open(os.path.join(epub, "package.opf"), "w", encoding="utf-8") as f:
        f.write(text)
    os.remove(template)


if __name__ == "__main__":
    main()
