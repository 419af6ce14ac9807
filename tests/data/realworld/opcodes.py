#!/usr/bin/env python3
"""Instruction inventory of the corpus PTX: which opcode.modifier spellings the engine
must support, and how often each occurs (static count over all entries of all modules,
inline-asm bodies included).

    python3 opcodes.py            # one line per opcode: total, then its spellings
    python3 opcodes.py --full     # one line per full spelling
    python3 opcodes.py --sregs    # the special registers read (%tid, %cluster_ctarank, ...)
"""
import collections
import glob
import os
import re
import sys

# Batch 2 (tests/data/realworld2) runs this script on its own folder.
HERE = os.environ.get("WS_CORPUS_DIR") or os.path.dirname(os.path.abspath(__file__))
DIRECTIVE = re.compile(r"^\.|^//|^\{|^\}|^\$|^[A-Za-z_$][\w$]*:")


def instructions(text):
    for raw in text.splitlines():
        # inline asm may put several instructions on one line, inside { ... }
        for part in raw.split(";"):
            s = part.strip().lstrip("{").strip()
            if not s or DIRECTIVE.match(s) or s.startswith(".reg"):
                continue
            if s.startswith("@"):
                s = s.split(None, 1)[1] if " " in s else ""
            if not s:
                continue
            op = s.split()[0]
            if re.match(r"^[a-z][\w.:]*$", op):
                yield op


def main():
    full = collections.Counter()
    for p in sorted(glob.glob(os.path.join(HERE, "*.ptx"))):
        full.update(instructions(open(p).read()))
    if "--sregs" in sys.argv:
        regs = collections.Counter()
        for p in sorted(glob.glob(os.path.join(HERE, "*.ptx"))):
            regs.update(re.findall(r"%(tid|ntid|ctaid|nctaid|laneid|warpid|nwarpid|smid|lanemask_\w+|cluster\w*|"
                                   r"reserved_smem\w*|dynamic_smem_size|total_smem_size|clock\w*|globaltimer\w*|"
                                   r"is_explicit_cluster|envreg\d+)(\.[xyz])?\b", open(p).read()))
        for (r, d), n in sorted(regs.items()):
            print("%6d %%%s%s" % (n, r, d))
        return
    if "--full" in sys.argv:
        for op, n in sorted(full.items()):
            print("%6d %s" % (n, op))
        return
    by_base = collections.defaultdict(collections.Counter)
    for op, n in full.items():
        by_base[op.split(".")[0]][op] += n
    for base in sorted(by_base):
        forms = by_base[base]
        print("%-12s %6d  %s" % (base, sum(forms.values()),
                                 " ".join("%s(%d)" % (f, c) for f, c in sorted(forms.items()))))
    print("# %d opcodes, %d spellings, %d instructions" % (len(by_base), len(full), sum(full.values())))


if __name__ == "__main__":
    main()
