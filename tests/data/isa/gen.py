#!/usr/bin/env python3
"""Generates the sm_90 ISA matrix: isa_<section>.cu, the recording plans
(<module>.plan, tests/hwrec/plan.py) and forms.json.

The forms are the ones ptxas accepts for sm_90a (forms_sm90a.txt, written by
probe_forms.py). Each entry point is one instruction family:

    extern "C" __global__ void NAME(const unsigned* in, unsigned* out)

launched as one block of T threads. Thread t reads its operand words from
in[W*t .. W*t+W) (one word per 8/16/32-bit operand slot, two per 64-bit
slot; forms.json says which word is which) and writes result word k of the
entry's form f to out[(B_f + k) * T + t], B_f being the form's first result
row. Stores (st.global) write thread t's bytes at byte
4*S_f + t*nbytes of their region instead. Every out word is written.

    python3 gen.py            (after probe_forms.py; build.sh runs both)
"""
import json
import os
import re
import sys
from collections import OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "../../hwrec"))
import isa_forms  # noqa: E402
import isa_values  # noqa: E402
from isa_forms import DOM_WORDS  # noqa: E402
from plan import Plan, Rng, seed_of, sentinel  # noqa: E402

THREADS = {"int": 64, "ext": 64, "logic": 64, "cmp": 64, "move": 64, "f32": 128, "f64": 128, "half": 128, "mixed": 128, "cvt": 128}
MIN_RANDOM = {64: 20, 128: 28}
MAX_FORMS = 160          # forms per entry
MAX_MODULE_LINES = 60000  # asm body lines per module (keeps each .ptx well under 2 MB)
MEM_WORDS = 8            # ld/st entries: a 32-byte record per thread


def load_accepted():
    acc = OrderedDict()
    path = os.path.join(HERE, "forms_sm90a.txt")
    with open(path) as fh:
        for l in fh:
            if l.startswith("#") or not l.strip():
                continue
            parts = l.rstrip("\n").split("\t")
            acc[(parts[0], parts[2])] = parts[3] if len(parts) > 3 else ""
    cands = isa_forms.all_candidates()
    byk = {(f.section, f.key): f for f in cands}
    missing = [k for k in acc if k not in byk]
    if missing:
        sys.exit("forms_sm90a.txt is stale (%d forms unknown, e.g. %s): run probe_forms.py" % (len(missing), missing[0]))
    return [(byk[k], w) for k, w in acc.items()]


def plan_entries(accepted):
    """[(section, entry name, [forms])] in candidate order."""
    groups = OrderedDict()
    for f, _ in accepted:
        groups.setdefault((f.section, f.group), []).append(f)
    entries = []
    for (sec, grp), forms in groups.items():
        approx = grp.endswith("_approx")
        base = grp[:-len("_approx")] if approx else grp
        n = -(-len(forms) // MAX_FORMS)
        size = -(-len(forms) // n)
        chunks = [forms[i:i + size] for i in range(0, len(forms), size)]
        for ci, ch in enumerate(chunks):
            name = "isa_%s_%s" % (sec, base)
            if len(chunks) > 1:
                name += "_%d" % ci
            if approx:
                name += "_approx"
            name = re.sub(r"[^A-Za-z0-9_]", "_", name)
            entries.append((sec, name, ch))
    return entries


def slot_layout(sec, forms):
    """Input words per thread: {(dom, slot): first word}, W."""
    if any(f.mem for f in forms):
        lay = {}
        for f in forms:
            for _, d, s in f.ins:
                lay[(d, s)] = s * DOM_WORDS.get(d, 1)
        return lay, MEM_WORDS
    lay, w = OrderedDict(), 0
    keys = []
    for f in forms:
        for _, d, s in f.ins:
            if (d, s) not in keys:
                keys.append((d, s))
    keys.sort(key=lambda k: (k[1], k[0]))
    for k in keys:
        lay[k] = w
        w += DOM_WORDS.get(k[0], 1)
    return lay, max(w, 1)


def input_words(name, lay, W, T, mem):
    rng = Rng(seed_of(name))
    keys = sorted(set(lay), key=lambda k: (k[1], k[0]))
    if mem:
        keys = [("mem", 0)]  # one 32-byte record, word k = slot k
    ne_cap = T - MIN_RANDOM[T]
    ne = min(ne_cap, max([len(isa_values.edge_list(d)) for d, _ in keys] or [0]))
    primes = [1, 7, 11, 13, 17, 19, 23, 29, 31, 37]
    words = [[0] * W for _ in range(T)]
    for t in range(T):
        vals = {}
        for d, s in keys:
            el = isa_values.edge_list(d)
            m = len(el)
            if t < ne:
                cop = [p for p in primes if m % p or p == 1]
                p = cop[min(s, len(cop) - 1)]
                v = el[(t * p + 3 * s) % m]
                # the last edge threads pair an operand with itself or its negation,
                # the six before them get hand-picked pairs (INT_MIN / -1, inf - inf, ties)
                sp = isa_values.special_pairs(d)
                if s == 0 and ne - 12 <= t < ne - 6 and sp and (d, 1) in lay:
                    v = sp[t - (ne - 12)][0]
                if s == 1 and ne - 12 <= t < ne - 6 and sp and (d, 0) in vals:
                    v = sp[t - (ne - 12)][1]
                if s > 0 and t >= ne - 6 and (d, 0) in vals:
                    v = vals[(d, 0)] ^ (isa_values.SIGN.get(d, 0) if t & 1 else 0)
            else:
                v = isa_values.rand_value(d, rng, t)
            vals[(d, s)] = v
        if mem:
            for k in range(MEM_WORDS):
                el = isa_values.MEM_EDGE
                words[t][k] = el[(t * 7 + k * 3) % len(el)] if t < ne else rng.next()
            continue
        for (d, s), off in lay.items():
            v = vals[(d, s)]
            for k in range(DOM_WORDS.get(d, 1)):
                words[t][off + k] = (v >> (32 * k)) & 0xFFFFFFFF
    return [w for row in words for w in row], ne


def cstr(lines):
    return "\n".join('      "%s\\n\\t"' % l.replace('"', '\\"') for l in lines)


def result_names(f):
    names = []
    for o in f.outs:
        if "|" in o:
            names.append("%s (p | q << 1)" % o)
            continue
        k = f.regs[o]
        if k == "b64":
            names += [o + ".lo", o + ".hi"]
        elif k == "b128":
            names += ["%s.w%d" % (o, i) for i in range(4)]
        elif k == "b16":
            names.append(o + " (16 bits, zero-extended)")
        elif k == "pred":
            names.append(o + " (0/1)")
        else:
            names.append(o)
    return names


def emit_entry(name, sec, forms, T, warnings):
    lay, W = slot_layout(sec, forms)
    mem = any(f.mem for f in forms)
    code = []
    meta_forms = []
    off = 0  # next free out word
    code.append('extern "C" __global__ void %s(const unsigned* in, unsigned* out) {' % name)
    code.append("  const unsigned t = threadIdx.x;")
    code.append("  if (t >= %du) return;" % T)
    code.append("  // in: %d words per thread" % W)
    wused = set()
    for f in forms:
        for n, d, s in f.ins:
            for k in range(DOM_WORDS.get(d, 1)):
                wused.add(lay[(d, s)] + k)
    if wused or any(f.mem == "ld" for f in forms):
        code.append("  const unsigned* w = in + %d * t;" % W)
    else:
        code.append("  (void)in;")
    if wused:
        code.append("  const unsigned %s;" % ", ".join("w%d = w[%d]" % (k, k) for k in sorted(wused)))
    for fi, f in enumerate(forms):
        body = f.body()
        nout = f.out_words()
        ins = []
        for n, d, s in f.ins:
            for k in range(DOM_WORDS.get(d, 1)):
                ins.append(lay[(d, s)] + k)
        outs_c = ["o%d" % k for k in range(nout)]
        ptr = None
        if f.mem == "ld":
            ptr = "w"
        elif f.mem == "st":
            ptr = "(unsigned char*)out + %du + t * %du" % (4 * off, f.nbytes)
        sub = []
        for l in body:
            l = re.sub(r"\$o(\d+)", lambda m: "%%%d" % int(m.group(1)), l)
            l = re.sub(r"\$i(\d+)", lambda m: "%%%d" % (nout + int(m.group(1))), l)
            l = l.replace("$pin", "%%%d" % (nout + len(ins))).replace("$pout", "%%%d" % (nout + len(ins)))
            sub.append(l)
        code.append("  // %d: %s" % (fi, f.key))
        code.append("  {")
        if outs_c:
            code.append("    unsigned %s;" % ", ".join(outs_c))
        cons_out = ", ".join('"=r"(%s)' % o for o in outs_c)
        cons_in = ['"r"(w%d)' % k for k in ins]
        if ptr:
            cons_in.append('"l"(%s)' % ptr)
        clob = ' : "memory"' if f.mem == "st" else ""
        code.append('    asm volatile("{\\n\\t"\n%s\n      "}" : %s : %s%s);' % (cstr(sub), cons_out, ", ".join(cons_in), clob))
        meta = OrderedDict(ptx=f.ptx.replace("\n", " "))
        if f.key != meta["ptx"]:
            meta["key"] = f.key
        if f.approx:
            meta["approx"] = True
        if f.mem == "st":
            nwords = T * f.nbytes // 4
            meta.update(layout="bytes", out_start=off, out_words=nwords, bytes_per_thread=f.nbytes,
                        results=["thread t's %d bytes at byte 4*out_start + t*%d" % (f.nbytes, f.nbytes)])
            off += nwords
        else:
            for k in range(nout):
                code.append("    out[%du + %d * %d + t] = o%d;" % (off, k, T, k) if off % T else "    out[%d * %d + t] = o%d;" % (off // T + k, T, k))
            meta.update(layout="rows", out_start=off, out_words=nout * T, rows=nout, results=result_names(f))
            off += nout * T
        meta["operands"] = [[n, d, s, [lay[(d, s)] + k for k in range(DOM_WORDS.get(d, 1))]] for n, d, s in f.ins]
        if warnings.get((f.section, f.key)):
            meta["ptxas_warning"] = warnings[(f.section, f.key)]
        code.append("  }")
        meta_forms.append(meta)
    code.append("}")
    total = off
    return code, meta_forms, W, total


def write_doc(doc, fh):
    """forms.json with one line per form."""
    fh.write('{"about": %s,\n "operands": %s,\n "modules": {\n' % (json.dumps(doc["about"]), json.dumps(doc["operands"])))
    mods = list(doc["modules"].items())
    for mi, (mod, m) in enumerate(mods):
        fh.write('  %s: {"section": %s, "threads": %d, "entries": [\n' % (json.dumps(mod), json.dumps(m["section"]), m["threads"]))
        for ei, e in enumerate(m["entries"]):
            head = OrderedDict((k, v) for k, v in e.items() if k != "forms")
            fh.write("   %s, \"forms\": [\n" % json.dumps(head)[:-1])
            fh.write(",\n".join("    " + json.dumps(f) for f in e["forms"]))
            fh.write("]}%s\n" % ("," if ei + 1 < len(m["entries"]) else ""))
        fh.write("  ]}%s\n" % ("," if mi + 1 < len(mods) else ""))
    fh.write(" }\n}\n")


def main():
    accepted = load_accepted()
    warnings = {(f.section, f.key): w for f, w in accepted if w}
    entries = plan_entries(accepted)
    # modules: one per section, split when the asm gets large
    bysec = OrderedDict()
    for sec, name, forms in entries:
        parts = bysec.setdefault(sec, [[]])
        lines = sum(len(f.body()) + 4 for f in forms)
        if parts[-1] and sum(l for _, _, l in parts[-1]) + lines > MAX_MODULE_LINES:
            parts.append([])
        parts[-1].append((name, forms, lines))
    modules = OrderedDict()
    for sec, parts in bysec.items():
        for i, p in enumerate(parts):
            mod = "isa_" + sec if len(parts) == 1 else "isa_%s%d" % (sec, i + 1)
            modules[mod] = {"section": sec, "entries": [(n, f) for n, f, _ in p]}
    doc = OrderedDict(
        about="sm_90 ISA matrix (tests/data/isa): every form ptxas accepts for sm_90a in the sections listed; "
              "layout per entry: thread t reads in[W*t .. W*t+W); result row r of thread t is out[r*T + t]; "
              "'bytes' forms (st.global) put thread t's bytes at byte 4*out_start + t*bytes_per_thread.",
        operands="per form: [register, value domain, operand slot, [words of the thread's in record]]; "
                 "16-bit operands are the low half of their word, 8-bit ones the low byte of that half "
                 "(the bits above are junk on purpose); 64-bit operands are two words, low first",
        modules=OrderedDict())
    counts = OrderedDict()
    for mod, info in modules.items():
        sec = info["section"]
        T = THREADS[sec]
        plan = Plan()
        cu = ["// Generated by tests/data/isa/gen.py -- do not edit.",
              "// sm_90 ISA matrix, section '%s': one entry per instruction family, every form" % sec,
              "// ptxas accepts for sm_90a (forms_sm90a.txt). Thread t of one block of %d reads its" % T,
              "// operand words from in[W*t..] and writes result row r to out[r*%d + t]; layouts in forms.json." % T,
              "// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx %s.cu -o %s.ptx" % (mod, mod), ""]
        mdoc = OrderedDict(section=sec, threads=T, entries=[])
        for name, forms in info["entries"]:
            code, meta, W, total = emit_entry(name, sec, forms, T, warnings)
            cu += code + [""]
            inw, ne = input_words(name, *slot_layout(sec, forms), T, any(f.mem for f in forms))
            assert len(inw) == W * T
            plan.add(name, inw, sentinel(total), grid=1, block=T,
                     note="ISA matrix %s: %d forms (%s), %d threads, threads 0..%d edge cases; layout in tests/data/isa/forms.json"
                          % (sec, len(forms), "approximations" if name.endswith("_approx") else "exact", T, ne - 1))
            mdoc["entries"].append(OrderedDict(name=name, threads=T, in_words_per_thread=W, in_words=W * T, out_words=total,
                                               edge_threads=ne, approx=name.endswith("_approx"), forms=meta))
            c = counts.setdefault(sec, [0, 0, 0])
            c[0] += 1
            c[1] += len(forms)
        with open(os.path.join(HERE, mod + ".cu"), "w") as fh:
            fh.write("\n".join(cu) + "\n")
        plan.write(os.path.join(HERE, mod + ".plan"))
        doc["modules"][mod] = mdoc
    with open(os.path.join(HERE, "forms.json"), "w") as fh:
        write_doc(doc, fh)
    tot = [0, 0]
    for sec, (ne, nf, _) in counts.items():
        print("%-6s entries %4d forms %5d" % (sec, ne, nf))
        tot[0] += ne; tot[1] += nf
    print("total  entries %4d forms %5d modules %d" % (tot[0], tot[1], len(modules)))


if __name__ == "__main__":
    main()
