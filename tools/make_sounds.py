"""Generate the app's short sounds (draw, play, refused tap, win) and encode them as Ogg Vorbis.

Pure Python synthesis (no samples from anywhere): each sound is a sum of decaying partials or a
filtered noise burst, written as 16-bit mono WAV at 22050 Hz, then encoded with ``oggenc``
(Debian package ``vorbis-tools``) at quality 1 into ``assets/sounds/<name>.ogg``. pygbag accepts
only ``.ogg`` audio (docs/design.md, "The browser (pygbag)"). Reproducible: the noise has a fixed seed.

    python3 tools/make_sounds.py            # writes assets/sounds/*.ogg (needs oggenc)
    python3 tools/make_sounds.py --wav DIR  # also keeps the .wav files in DIR
"""
from __future__ import annotations

import argparse
import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def env(t: float, attack: float, decay: float) -> float:
    """A linear attack then an exponential decay (``decay``: seconds to fall by e)."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def tone(freqs, seconds: float, decay: float, attack: float = 0.004, glide: float = 0.0):
    """Partials ``[(freq Hz, amplitude)]`` under one envelope; ``glide`` bends pitch by that
    factor over the sound."""
    n = int(RATE * seconds)
    out = []
    phase = [0.0] * len(freqs)
    for i in range(n):
        t = i / RATE
        bend = 1.0 + glide * (t / seconds)
        v = 0.0
        for k, (f, a) in enumerate(freqs):
            phase[k] += 2 * math.pi * f * bend / RATE
            v += a * math.sin(phase[k])
        out.append(v * env(t, attack, decay))
    return out


def noise(seconds: float, decay: float, cutoff: float, seed: int = 7):
    """A one-pole low-passed noise burst (a card's swish)."""
    rnd = random.Random(seed)
    n = int(RATE * seconds)
    alpha = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for i in range(n):
        y += alpha * (rnd.uniform(-1, 1) - y)
        out.append(y * env(i / RATE, 0.003, decay) * 2.2)
    return out


def mix(*parts, offsets=None):
    offsets = offsets or [0.0] * len(parts)
    n = max(int(o * RATE) + len(p) for p, o in zip(parts, offsets))
    out = [0.0] * n
    for p, o in zip(parts, offsets):
        s = int(o * RATE)
        for i, v in enumerate(p):
            out[s + i] += v
    return out


def sounds() -> dict[str, list[float]]:
    """name → samples in -1..1."""
    draw = noise(0.12, 0.035, 2400)
    play = mix(noise(0.06, 0.015, 3000, seed=3), tone([(660, 0.35), (1320, 0.12)], 0.12, 0.03))
    refused = tone([(180, 0.5), (270, 0.2)], 0.16, 0.05, glide=-0.25)
    notes = [523.25, 659.25, 783.99, 1046.5]  # C5 E5 G5 C6
    win = mix(*[tone([(f, 0.35), (2 * f, 0.08)], 0.45 if k == 3 else 0.2, 0.18 if k == 3 else 0.07)
                for k, f in enumerate(notes)], offsets=[0.0, 0.09, 0.18, 0.27])
    return {"draw": draw, "play": play, "refused": refused, "win": win}


def write_wav(path: Path, samples, peak: float = 0.7) -> None:
    m = max(1e-9, max(abs(v) for v in samples))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(v / m * peak * 32767)) for v in samples))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wav", help="also keep the .wav files in this folder")
    ap.add_argument("--out", default=str(OUT), help="folder for the .ogg files")
    a = ap.parse_args(argv)
    enc = shutil.which("oggenc")
    if enc is None:
        print("oggenc not found: apt-get install vorbis-tools", file=sys.stderr)
        return 2
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(a.wav) if a.wav else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name, samples in sounds().items():
            wav = folder / f"{name}.wav"
            write_wav(wav, samples)
            ogg = out / f"{name}.ogg"
            subprocess.run([enc, "-Q", "-q", "1", "-o", str(ogg), str(wav)], check=True)
            print(f"{ogg}: {ogg.stat().st_size} bytes, {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
