#!/usr/bin/env python3
"""Turns the words record_mufu.py wrote (folder b/: int32 first differences
of each sweep, raw words of the 16-bit sweeps) into assets/mufu/NAME.bin.gz:
one byte per entry, the int8 difference to the previous word, or 0x80 and
the word in 4 little-endian bytes (core/exec/alu/mufu_tables.hpp decodes it).

    python3 encode_mufu.py RECORDED_DIR ASSETS_MUFU_DIR
"""
import gzip
import sys

import numpy as np

SWEEPS = {"rcpf": "rcp", "rsqrtf": "rsqrt", "sqrtf": "sqrt", "ex2p": "ex2_pos", "ex2n": "ex2_neg", "sin": "sin",
          "lg2f": "lg2"}
RAW = {"ex2h": "ex2_f16", "tanhh": "tanh_f16", "ex2b": "ex2_bf16", "tanhb": "tanh_bf16"}


def load(path, delta):
    a = np.fromfile(path, dtype=np.int32).astype(np.int64)
    if delta:
        a = np.cumsum(a)
    return a & 0xFFFFFFFF


def encode(v):
    d = np.diff(v, prepend=0)
    d = ((d + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)  # differences of 32-bit words
    out = bytearray()
    for i in range(len(v)):
        if -127 <= d[i] <= 127:
            out.append(int(d[i]) & 0xFF)
        else:
            out.append(0x80)
            out += int(v[i]).to_bytes(4, "little")
    return bytes(out)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    for names, delta in ((SWEEPS, True), (RAW, False)):
        for rec, out in names.items():
            with open("%s/%s.bin.gz" % (dst, out), "wb") as f:
                f.write(gzip.compress(encode(load("%s/%s" % (src, rec), delta)), 9, mtime=0))


if __name__ == "__main__":
    main()
