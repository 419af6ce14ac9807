#!/usr/bin/env python3
"""Which candidate forms (isa_forms.py) does ptxas accept for sm_90a?

Every candidate becomes one .entry of a probe module, with exactly the PTX
body that gen.py puts into the kernels (operand loads, the instruction, the
result stores). ptxas -arch=sm_90a reports every rejected line; the
candidates owning those lines are rejected with the message, and the module
is assembled again until ptxas accepts the rest (a failure with no line
number is narrowed down by halving).

Writes (the cache gen.py reads):
  forms_sm90a.txt     section <TAB> group <TAB> form     (accepted; a 4th column
                      holds a ptxas warning where there was one)
  rejected_sm90a.txt  section <TAB> form <TAB> ptxas's first message

  python3 probe_forms.py [--force] [--ptxas PATH] [--jobs N]

The header of forms_sm90a.txt holds a digest of the candidate list and the
ptxas version; with the same candidates and ptxas, nothing is re-run unless
--force is given.
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import isa_forms  # noqa: E402

CHUNK = 3000
ERR = re.compile(r"^ptxas \S+, line (\d+); (error|warning)\s*: (.*)$")


def probe_entry(i, f):
    """(lines) of one probe .entry for form f."""
    ni, no = max(f.n_in(), 1), max(f.out_words(), 1)
    head = [".visible .entry c%d(.param .u64 pin, .param .u64 pout)" % i, "{",
            ".reg .b32 iw<%d>, ow<%d>;" % (ni, no), ".reg .b64 gin, gout, rin, rout;",
            "ld.param.u64 gin, [pin];", "ld.param.u64 gout, [pout];",
            "cvta.to.global.u64 rin, gin;", "cvta.to.global.u64 rout, gout;"]
    for k in range(f.n_in()):
        head.append("ld.global.u32 iw%d, [rin+%d];" % (k, 4 * k))
    body = []
    for l in f.body():
        l = re.sub(r"\$i(\d+)", r"iw\1", l)
        l = re.sub(r"\$o(\d+)", r"ow\1", l)
        l = l.replace("$pin", "gin").replace("$pout", "gout")
        body.append(l)
    tail = []
    for k in range(f.out_words()):
        tail.append("st.global.u32 [rout+%d], ow%d;" % (4 * k, k))
    tail += ["ret;", "}"]
    return head, ["{"] + body + ["}"], tail


def build_module(items):
    """items: [(idx, form)] -> (text, {line: idx}, {idx: set(instruction lines)})"""
    lines = [".version 9.0", ".target sm_90a", ".address_size 64", ""]
    owner = {}
    for i, f in items:
        h, b, t = probe_entry(i, f)
        for l in h + b + t:
            lines.append(l)
            owner[len(lines)] = i
    return "\n".join(lines) + "\n", owner


def run_ptxas(ptxas, text, workdir, tag):
    p = os.path.join(workdir, "probe_%s.ptx" % tag)
    with open(p, "w") as fh:
        fh.write(text)
    r = subprocess.run([ptxas, "-arch=sm_90a", p, "-o", os.path.join(workdir, "probe_%s.cubin" % tag)],
                       capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def probe(ptxas, items, workdir, tag, text_lines_of):
    """Returns (accepted {idx: warning-or-''}, rejected {idx: message})."""
    rejected, warns = {}, {}
    live = list(items)
    rnd = 0
    while live:
        rnd += 1
        text, owner = build_module(live)
        lines = text.split("\n")
        rc, log = run_ptxas(ptxas, text, workdir, "%s_%d" % (tag, rnd))
        errs = {}
        lm = dict(live)
        for l in log.splitlines():
            m = ERR.match(l.strip())
            if not m:
                continue
            ln, kind, msg = int(m.group(1)), m.group(2), m.group(3).strip()
            i = owner.get(ln)
            if i is None:
                continue
            src = lines[ln - 1].strip()
            fk = lm[i].key
            at = "" if src.rstrip(";") in fk else "  (at: %s)" % src  # name the line when it is not the form's own
            if kind == "error":
                errs.setdefault(i, msg + at)
            else:
                warns.setdefault(i, msg + at)
        if rc == 0:
            break
        if errs:
            rejected.update(errs)
            live = [(i, f) for i, f in live if i not in errs]
            continue
        # failed without a line: halve
        if len(live) == 1:
            rejected[live[0][0]] = "ptxas failed (exit %d%s) %s" % (rc, ", a crash" if rc < 0 or rc > 128 else "",
                                                                  " | ".join(log.strip().splitlines()[-3:]))
            live = []
            break
        h = len(live) // 2
        a1, r1 = probe(ptxas, live[:h], workdir, tag + "a", text_lines_of)
        a2, r2 = probe(ptxas, live[h:], workdir, tag + "b", text_lines_of)
        rejected.update(r1); rejected.update(r2)
        acc = dict(a1); acc.update(a2)
        for i in acc:
            if acc[i]:
                warns[i] = acc[i]
        live = [(i, f) for i, f in live if i in acc]
        break
    acc = {i: warns.get(i, "") for i, _ in live if i not in rejected}
    return acc, rejected


def digest(cands, ver):
    h = hashlib.sha1()
    h.update(ver.encode())
    for f in cands:
        h.update(("%s\t%s\t%s\n" % (f.section, f.group, f.key)).encode())
        h.update("\n".join(f.body()).encode())
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS", "ptxas"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    ver = subprocess.run([a.ptxas, "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1]
    cands = isa_forms.all_candidates()
    dg = digest(cands, ver)
    fpath, rpath = os.path.join(HERE, "forms_sm90a.txt"), os.path.join(HERE, "rejected_sm90a.txt")
    if not a.force and os.path.exists(fpath):
        with open(fpath) as fh:
            for l in fh:
                if l.startswith("# digest ") and l.split()[2] == dg:
                    print("probe_forms: cache is current (%s)" % fpath)
                    return
    items = list(enumerate(cands))
    chunks = [items[k:k + CHUNK] for k in range(0, len(items), CHUNK)]
    acc, rej = {}, {}
    with tempfile.TemporaryDirectory() as wd:
        with ThreadPoolExecutor(a.jobs) as ex:
            for ac, rj in ex.map(lambda c: probe(a.ptxas, c[1], wd, "m%d" % c[0], None), enumerate(chunks)):
                acc.update(ac); rej.update(rj)
    assert len(acc) + len(rej) == len(cands)
    with open(fpath, "w") as fh:
        fh.write("# Forms ptxas accepts for sm_90a (tests/data/isa/probe_forms.py); section, group, form[, warning]\n")
        fh.write("# ptxas %s\n# digest %s\n# candidates %d accepted %d rejected %d\n" % (ver, dg, len(cands), len(acc), len(rej)))
        for i, f in items:
            if i in acc:
                fh.write("%s\t%s\t%s%s\n" % (f.section, f.group, f.key, ("\t" + acc[i]) if acc[i] else ""))
    with open(rpath, "w") as fh:
        fh.write("# Candidate forms ptxas rejects for sm_90a (tests/data/isa/probe_forms.py); section, form, first message\n")
        fh.write("# ptxas %s\n" % ver)
        for i, f in items:
            if i in rej:
                fh.write("%s\t%s\t%s\n" % (f.section, f.key, rej[i]))
    by = {}
    for i, f in items:
        s = by.setdefault(f.section, [0, 0])
        s[0 if i in acc else 1] += 1
    for s in isa_forms.SECTIONS:
        if s in by:
            print("%-6s accepted %5d rejected %5d" % (s, by[s][0], by[s][1]))
    print("total  accepted %5d rejected %5d" % (len(acc), len(rej)))


if __name__ == "__main__":
    main()
