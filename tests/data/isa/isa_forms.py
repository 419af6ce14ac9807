"""Candidate instruction forms for the sm_90 ISA matrix (tests/data/isa).

Every candidate is one PTX instruction (or a short chain, for the carry
flag) with its modifiers spelled out, the registers it reads and writes, and
the value domain each input is drawn from. The candidates are the cross
product of each instruction's modifier axes as the PTX ISA 9.0 grammar lists
them (and a few axes applied to every type of the instruction, so that the
gaps are visible too); ptxas -arch=sm_90a decides which of them are legal
(probe_forms.py), and gen.py records the legal ones.

A form's text uses local register names: d e f g (results), a b c h (inputs),
p q (predicates), x y (carry-flag producers); 8-bit types sit in .b16
registers unless the tag says r32 (then a .b32 register, as nvcc also does).
"""

from collections import OrderedDict

SECTIONS = ["int", "ext", "f32", "f64", "half", "mixed", "cmp", "logic", "cvt", "move"]

# type -> (register kind, input value domain)
TYPES = {
    "pred": ("pred", "pred"),
    "b8": ("b16", "i8"), "u8": ("b16", "i8"), "s8": ("b16", "i8"),
    "b16": ("b16", "i16"), "u16": ("b16", "i16"), "s16": ("b16", "i16"),
    "b32": ("b32", "i32"), "u32": ("b32", "i32"), "s32": ("b32", "i32"),
    "b64": ("b64", "i64"), "u64": ("b64", "i64"), "s64": ("b64", "i64"),
    "b128": ("b128", "i128"),
    "u16x2": ("b32", "i16x2"), "s16x2": ("b32", "i16x2"),
    "f16": ("b16", "f16"), "bf16": ("b16", "bf16"),
    "f16x2": ("b32", "f16x2"), "bf16x2": ("b32", "bf16x2"),
    "f32": ("b32", "f32"), "tf32": ("b32", "f32"), "f64": ("b64", "f64"),
    "f32x2": ("b64", "f32x2"),
    "e4m3x2": ("b16", "e4m3x2"), "e5m2x2": ("b16", "e5m2x2"),
    "e2m1x2": ("b8", "i8"), "e2m3x2": ("b16", "i16"), "e3m2x2": ("b16", "i16"), "ue8m0x2": ("b16", "i16"),
}

# words per value of each domain
DOM_WORDS = {"i64": 2, "f64": 2, "f32x2": 2, "i128": 4, "mem64": 2, "mem128": 4}


def rk_of(t):
    return TYPES[t][0]


def dom_of(t):
    return TYPES[t][1]


def wider(t):
    return {"u16": "u32", "s16": "s32", "u32": "u64", "s32": "s64", "u64": "b128", "s64": "b128",
            "u16x2": "u32", "s16x2": "s32"}[t]


class Form:
    """One candidate.

    ptx   instruction text (several lines for carry chains), with local names
    regs  name -> register kind (b16 b32 b64 b128 pred) of every local register
    ins   [(name, domain)]: registers loaded from the thread's input words, the
          k-th in operand slot k (so forms of one entry share operand values)
    outs  names stored to output words; "p|q" stores p | q << 1 in one word
    mem   "" | "ld" | "st": ld reads the thread's 32-byte record through $pin,
          st writes its bytes through $pout (nbytes per thread)
    """

    def __init__(self, section, group, ptx, regs, ins, outs, tag="", approx=False, mem="", nbytes=0, pre=""):
        self.section, self.group, self.ptx = section, group, ptx.strip()
        self.regs = OrderedDict(regs)
        self.ins = [(i[0], i[1], i[2] if len(i) > 2 else k) for k, i in enumerate(ins)]
        self.outs, self.tag, self.approx, self.mem, self.nbytes = list(outs), tag, approx, mem, nbytes
        self.pre = pre.strip()
        for n, _, _ in self.ins:
            assert n in self.regs, (ptx, n)
        for o in self.outs:
            for n in o.split("|"):
                assert n in self.regs, (ptx, n)

    @property
    def key(self):
        k = " ".join(l.strip() for l in self.ptx.splitlines())
        return k + (" [%s]" % self.tag if self.tag else "")

    # ---- code shared by the probe and the kernels -----------------------
    def in_words(self):
        """[(dom, slot, nwords)] in order; the form's input words $i0.. follow it."""
        return [(d, s, DOM_WORDS.get(d, 1)) for _, d, s in self.ins]

    def n_in(self):
        return sum(w for _, _, w in self.in_words())

    def out_words(self):
        n = 0
        for o in self.outs:
            if "|" in o:
                n += 1
            else:
                n += {"b8": 1, "b16": 1, "b32": 1, "b64": 2, "b128": 4, "pred": 1}[self.regs[o]]
        return n

    def body(self):
        """PTX lines; $iK input words (b32), $oK output words (b32), $pin/$pout b64 pointers."""
        decl = OrderedDict()
        for n, k in self.regs.items():
            decl.setdefault(k, []).append(n)
        lines = []
        need_z = any("|" not in o and self.regs[o] == "b16" for o in self.outs)
        tmp = []
        if need_z:
            tmp.append(".reg .b16 zz;")
        if any(self.regs.get(o) == "b128" for o in self.outs) or any(self.regs[n] == "b128" for n, _, _ in self.ins):
            tmp.append(".reg .b64 t0, t1;")
        if any("|" in o for o in self.outs):
            tmp.append(".reg .b32 u0, u1;")
        if self.mem:
            tmp.append(".reg .b64 ga;")
        for k, ns in decl.items():
            lines.append(".reg .%s %s;" % (k, ", ".join(ns)))
        lines += tmp
        if need_z:
            lines.append("mov.b16 zz, 0;")
        wi = 0
        for n, d, _ in self.ins:
            k = self.regs[n]
            if k == "b16":
                lines.append("cvt.u16.u32 %s, $i%d;" % (n, wi)); wi += 1
            elif k == "b8":
                lines.append("cvt.u8.u32 %s, $i%d;" % (n, wi)); wi += 1
            elif k == "b32":
                lines.append("mov.b32 %s, $i%d;" % (n, wi)); wi += 1
            elif k == "b64":
                lines.append("mov.b64 %s, {$i%d, $i%d};" % (n, wi, wi + 1)); wi += 2
            elif k == "b128":
                lines.append("mov.b64 t0, {$i%d, $i%d};" % (wi, wi + 1))
                lines.append("mov.b64 t1, {$i%d, $i%d};" % (wi + 2, wi + 3))
                lines.append("mov.b128 %s, {t0, t1};" % n); wi += 4
            elif k == "pred":
                lines.append("setp.ne.u32 %s, $i%d, 0;" % (n, wi)); wi += 1
        if self.mem == "ld":
            lines.append("cvta.to.global.u64 ga, $pin;")
        elif self.mem == "st":
            lines.append("cvta.to.global.u64 ga, $pout;")
        if self.pre:
            lines += [l.strip() for l in self.pre.splitlines()]
        lines += [l.strip() for l in self.ptx.splitlines()]
        oi = 0
        for o in self.outs:
            if "|" in o:
                p, q = o.split("|")
                lines.append("selp.u32 u0, 1, 0, %s;" % p)
                lines.append("selp.u32 u1, 2, 0, %s;" % q)
                lines.append("or.b32 $o%d, u0, u1;" % oi); oi += 1
                continue
            k = self.regs[o]
            if k == "b16":
                lines.append("mov.b32 $o%d, {%s, zz};" % (oi, o)); oi += 1
            elif k == "b8":
                lines.append("cvt.u32.u8 $o%d, %s;" % (oi, o)); oi += 1
            elif k == "b32":
                lines.append("mov.b32 $o%d, %s;" % (oi, o)); oi += 1
            elif k == "b64":
                lines.append("mov.b64 {$o%d, $o%d}, %s;" % (oi, oi + 1, o)); oi += 2
            elif k == "b128":
                lines.append("mov.b128 {t0, t1}, %s;" % o)
                lines.append("mov.b64 {$o%d, $o%d}, t0;" % (oi, oi + 1))
                lines.append("mov.b64 {$o%d, $o%d}, t1;" % (oi + 2, oi + 3)); oi += 4
            elif k == "pred":
                lines.append("selp.u32 $o%d, 1, 0, %s;" % (oi, o)); oi += 1
        return lines


# ---------------------------------------------------------------- helpers
def _regs(*pairs):
    return OrderedDict(pairs)


def unop(sec, grp, ins, t, dt=None, approx=False, tag="", a_dom=None):
    """INS.t d, a  (d of type dt or t)."""
    dt = dt or t
    return Form(sec, grp, "%s d, a;" % ins, _regs(("d", rk_of(dt)), ("a", rk_of(t))),
                [("a", a_dom or dom_of(t))], ["d"], approx=approx, tag=tag)


def binop(sec, grp, ins, t, dt=None, bt=None, approx=False, b_dom=None):
    dt, bt = dt or t, bt or t
    regs = _regs(("d", rk_of(dt)), ("a", rk_of(t)), ("b", rk_of(bt)))
    return Form(sec, grp, "%s d, a, b;" % ins, regs, [("a", dom_of(t)), ("b", b_dom or dom_of(bt))], ["d"], approx=approx)


def terop(sec, grp, ins, t, dt=None, ct=None, c_dom=None, b_dom=None, bt=None):
    dt, ct, bt = dt or t, ct or t, bt or t
    regs = _regs(("d", rk_of(dt)), ("a", rk_of(t)), ("b", rk_of(bt)), ("c", rk_of(ct)))
    return Form(sec, grp, "%s d, a, b, c;" % ins, regs,
                [("a", dom_of(t)), ("b", b_dom or dom_of(bt)), ("c", c_dom or dom_of(ct))], ["d"])


def opt(*xs):
    return ["" if x == "" else x for x in xs]


RND = ["", ".rn", ".rz", ".rm", ".rp"]
FTZ = ["", ".ftz"]
SAT = ["", ".sat"]
INT_T = ["u16", "u32", "u64", "s16", "s32", "s64"]
HALF_T = ["f16", "f16x2", "bf16", "bf16x2"]
ICMP = ["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"]
FCMP = ["equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]
CMPS = ICMP + FCMP
BOOL = ["", ".and", ".or", ".xor"]


# ---------------------------------------------------------------- integer
def int_forms():
    S = "int"
    out = []
    for op in ["add", "sub"]:
        for t in INT_T + ["u16x2", "s16x2"]:
            for s in SAT:
                out.append(binop(S, op, "%s%s.%s" % (op, s, t), t))
    for m in ["", ".hi", ".lo", ".wide"]:
        for t in INT_T:
            dt = wider(t) if m == ".wide" else t
            out.append(binop(S, "mul", "mul%s.%s" % (m, t), t, dt=dt))
    for m in ["", ".hi", ".lo", ".wide"]:
        for s in SAT:
            for t in INT_T:
                dt = wider(t) if m == ".wide" else t
                out.append(terop(S, "mad", "mad%s%s.%s" % (m, s, t), t, dt=dt, ct=dt))
    for m in ["", ".hi", ".lo"]:
        for t in ["u32", "s32", "u16", "s16", "u64", "s64"]:
            out.append(binop(S, "mul24", "mul24%s.%s" % (m, t), t))
            for s in SAT:
                out.append(terop(S, "mad24", "mad24%s%s.%s" % (m, s, t), t))
    for t in INT_T + ["u16x2"]:
        out.append(terop(S, "sad", "sad.%s" % t, t))
    for op in ["div", "rem"]:
        for t in INT_T:
            out.append(binop(S, "divrem", "%s.%s" % (op, t), t))
    for op in ["abs", "neg"]:
        for t in INT_T + ["s16x2"]:
            out.append(unop(S, "absneg", "%s.%s" % (op, t), t))
    for op in ["min", "max"]:
        for r in ["", ".relu"]:
            for t in INT_T + ["u16x2", "s16x2"]:
                out.append(binop(S, "minmax", "%s%s.%s" % (op, r, t), t))
    for op in ["popc", "clz"]:
        for t in ["b16", "b32", "b64"]:
            out.append(unop(S, "bitcount", "%s.%s" % (op, t), t, dt="u32"))
    for sh in ["", ".shiftamt"]:
        for t in ["u32", "u64", "s32", "s64"]:
            out.append(unop(S, "bitcount", "bfind%s.%s" % (sh, t), t, dt="u32"))
    for t in ["b16", "b32", "b64"]:
        out.append(unop(S, "bitcount", "brev.%s" % t, t))
    for t in ["b32", "u32", "s32", "b64"]:
        out.append(Form(S, "fns", "fns.%s d, a, b, c;" % t, _regs(("d", "b32"), ("a", rk_of(t)), ("b", "b32"), ("c", "b32")),
                        [("a", dom_of(t)), ("b", "amt"), ("c", "fnsoff")], ["d"]))
    for b, c in [(0, 1), (0, -1), (5, 3), (31, -1), (16, 8), (0, 32), (33, 1), (7, -20)]:
        out.append(Form(S, "fns", "fns.b32 d, a, %d, %d;" % (b, c), _regs(("d", "b32"), ("a", "b32")), [("a", "i32")], ["d"]))
    for t in ["u32", "u64", "s32", "s64", "u16", "s16"]:
        out.append(Form(S, "bfe", "bfe.%s d, a, b, c;" % t, _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", "b32"), ("c", "b32")),
                        [("a", dom_of(t)), ("b", "amt"), ("c", "amt")], ["d"]))
    for t, pos, ln in [("u32", 8, 8), ("s32", 4, 12), ("s32", 0, 32), ("u32", 31, 1), ("s32", 31, 1), ("u32", 20, 20),
                       ("u64", 30, 10), ("s64", 60, 8), ("s64", 0, 64), ("u64", 63, 1), ("u32", 0, 0), ("s32", 40, 5)]:
        out.append(Form(S, "bfe", "bfe.%s d, a, %d, %d;" % (t, pos, ln), _regs(("d", rk_of(t)), ("a", rk_of(t))), [("a", dom_of(t))], ["d"]))
    for t in ["b32", "b64", "b16"]:
        out.append(Form(S, "bfi", "bfi.%s d, a, b, c, e;" % t,
                        _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("c", "b32"), ("e", "b32")),
                        [("a", dom_of(t)), ("b", dom_of(t)), ("c", "amt"), ("e", "amt")], ["d"]))
    for t, pos, ln in [("b32", 8, 8), ("b32", 0, 32), ("b32", 28, 8), ("b32", 31, 1), ("b64", 30, 10), ("b64", 60, 8), ("b64", 0, 64)]:
        out.append(Form(S, "bfi", "bfi.%s d, a, b, %d, %d;" % (t, pos, ln), _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t))),
                        [("a", dom_of(t)), ("b", dom_of(t))], ["d"]))
    for m in ["", ".clamp", ".wrap"]:
        for t in ["u32", "s32", "u64", "s64"]:
            out.append(binop(S, "szext", "szext%s.%s" % (m, t), t, bt="u32", b_dom="amt"))
        for t in ["b32", "b64"]:
            out.append(Form(S, "szext", "bmsk%s.%s d, a, b;" % (m, t), _regs(("d", rk_of(t)), ("a", "b32"), ("b", "b32")),
                            [("a", "amt"), ("b", "amt")], ["d"]))
    for m, pos in [(".clamp", 8), (".wrap", 40), (".clamp", 40)]:
        out.append(Form(S, "szext", "szext%s.s32 d, a, %d;" % (m, pos), _regs(("d", "b32"), ("a", "b32")), [("a", "i32")], ["d"]))
        out.append(Form(S, "szext", "bmsk%s.b32 d, a, %d;" % (m, pos), _regs(("d", "b32"), ("a", "b32")), [("a", "amt")], ["d"]))
    for at in ["u32", "s32"]:
        for bt in ["u32", "s32"]:
            ct = "u32" if at == bt == "u32" else "s32"
            out.append(terop(S, "dp", "dp4a.%s.%s" % (at, bt), at, ct=ct, bt=bt))
            for m in ["", ".lo", ".hi"]:
                out.append(terop(S, "dp", "dp2a%s.%s.%s" % (m, at, bt), at, ct=ct, bt=bt))
    return out


# ---------------------------------------------------------------- extended precision
def ext_forms():
    S = "ext"
    out = []
    ET = ["u32", "s32", "u64", "s64", "u16", "s16"]
    for op in ["add", "sub"]:
        for t in ET:
            out.append(Form(S, op + "cc", "%s.cc.%s d, a, b;\naddc.u32 f, 0, 0;" % (op, t),
                            _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("f", "b32")),
                            [("a", dom_of(t)), ("b", dom_of(t))], ["d", "f"]))
    for op, prod in [("addc", "add"), ("subc", "sub")]:
        for cc in ["", ".cc"]:
            for t in ET:
                out.append(Form(S, op, "%s.cc.u32 g, x, y;\n%s%s.%s d, a, b;\naddc.u32 f, 0, 0;" % (prod, op, cc, t),
                                _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("x", "b32"), ("y", "b32"), ("g", "b32"), ("f", "b32")),
                                [("a", dom_of(t)), ("b", dom_of(t)), ("x", "i32", 3), ("y", "i32", 4)], ["d", "f"]))
    for m in ["", ".hi", ".lo"]:
        for t in ET:
            out.append(Form(S, "madcc", "mad%s.cc.%s d, a, b, c;\naddc.u32 f, 0, 0;" % (m, t),
                            _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("c", rk_of(t)), ("f", "b32")),
                            [("a", dom_of(t)), ("b", dom_of(t)), ("c", dom_of(t))], ["d", "f"]))
            for cc in ["", ".cc"]:
                out.append(Form(S, "madc", "add.cc.u32 g, x, y;\nmadc%s%s.%s d, a, b, c;\naddc.u32 f, 0, 0;" % (m, cc, t),
                                _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("c", rk_of(t)), ("x", "b32"), ("y", "b32"), ("g", "b32"), ("f", "b32")),
                                [("a", dom_of(t)), ("b", dom_of(t)), ("c", dom_of(t)), ("x", "i32", 3), ("y", "i32", 4)], ["d", "f"]))
    # chains over 32-bit limbs: a = (a, b, c, h), b = (x, y, ...) are i32 words
    r = _regs(("a", "b32"), ("b", "b32"), ("c", "b32"), ("h", "b32"), ("x", "b32"), ("y", "b32"), ("z", "b32"), ("w", "b32"),
              ("d", "b32"), ("e", "b32"), ("f", "b32"), ("g", "b32"), ("k", "b32"))
    ins = [("a", "i32", 0), ("b", "i32", 1), ("c", "i32", 2), ("h", "i32", 3), ("x", "i32", 4), ("y", "i32", 5), ("z", "i32", 6), ("w", "i32", 7)]
    chains = {
        "add128": "add.cc.u32 d, a, x;\naddc.cc.u32 e, b, y;\naddc.cc.u32 f, c, z;\naddc.cc.u32 g, h, w;\naddc.u32 k, 0, 0;",
        "sub128": "sub.cc.u32 d, a, x;\nsubc.cc.u32 e, b, y;\nsubc.cc.u32 f, c, z;\nsubc.cc.u32 g, h, w;\naddc.u32 k, 0, 0;",
        "addsub": "add.cc.u32 d, a, x;\nsubc.cc.u32 e, b, y;\naddc.cc.u32 f, c, z;\nsubc.u32 g, h, w;\naddc.u32 k, 0, 0;",
        "subadd": "sub.cc.u32 d, a, x;\naddc.cc.u32 e, b, y;\nsubc.cc.u32 f, c, z;\naddc.u32 g, h, w;\nsubc.u32 k, 0, 0;",
        "mul64": ("mul.lo.u32 d, a, x;\nmul.hi.u32 e, a, x;\nmad.lo.cc.u32 e, b, x, e;\nmadc.hi.u32 f, b, x, 0;\n"
                  "mad.lo.cc.u32 e, a, y, e;\nmadc.hi.cc.u32 f, a, y, f;\naddc.u32 g, 0, 0;\nmad.lo.cc.u32 f, b, y, f;\nmadc.hi.u32 g, b, y, g;\nmov.b32 k, 0;"),
        "madchain": "mad.lo.cc.u32 d, a, x, c;\nmadc.hi.cc.u32 e, a, x, h;\nmadc.lo.cc.u32 f, b, y, z;\nmadc.hi.cc.u32 g, b, y, w;\naddc.u32 k, 0, 0;",
        "subcc_borrow": "sub.cc.u32 d, a, x;\nsubc.cc.u32 e, 0, 0;\nsubc.cc.u32 f, b, y;\naddc.cc.u32 g, c, z;\nsubc.u32 k, h, w;",
    }
    for name, txt in chains.items():
        out.append(Form(S, "chain", txt, r, ins, ["d", "e", "f", "g", "k"], tag=name))
    r64 = _regs(("a", "b64"), ("b", "b64"), ("x", "b64"), ("y", "b64"), ("d", "b64"), ("e", "b64"), ("k", "b32"))
    ins64 = [("a", "i64", 0), ("b", "i64", 1), ("x", "i64", 2), ("y", "i64", 3)]
    out.append(Form(S, "chain", "add.cc.u64 d, a, x;\naddc.cc.u64 e, b, y;\naddc.u32 k, 0, 0;", r64, ins64, ["d", "e", "k"], tag="add128x64"))
    out.append(Form(S, "chain", "sub.cc.u64 d, a, x;\nsubc.cc.u64 e, b, y;\naddc.u32 k, 0, 0;", r64, ins64, ["d", "e", "k"], tag="sub128x64"))
    out.append(Form(S, "chain", "mad.lo.cc.u64 d, a, x, b;\nmadc.hi.cc.u64 e, a, x, y;\naddc.u32 k, 0, 0;", r64, ins64, ["d", "e", "k"], tag="mad128x64"))
    return out


# ---------------------------------------------------------------- f32 / f64
def float_forms(S, T):
    """S = 'f32' or 'f64', T = the type (f32x2 candidates go with f32)."""
    out = []
    types = [T] + (["f32x2"] if T == "f32" else [])
    for op in ["finite", "infinite", "number", "notanumber", "normal", "subnormal"]:
        out.append(Form(S, "testp", "testp.%s.%s p, a;" % (op, T), _regs(("p", "pred"), ("a", rk_of(T))), [("a", dom_of(T))], ["p"]))
    if T == "f32":
        for op, v in [("subnormal", "0f00000001"), ("normal", "0f00800000"), ("notanumber", "0f7FC00000"), ("finite", "0fFF800000")]:
            out.append(Form(S, "testp", "testp.%s.f32 p, %s;" % (op, v), _regs(("p", "pred")), [], ["p"]))
    else:
        for op, v in [("subnormal", "0d0000000000000001"), ("notanumber", "0d7FF0000000000001"), ("infinite", "0dFFF0000000000000")]:
            out.append(Form(S, "testp", "testp.%s.f64 p, %s;" % (op, v), _regs(("p", "pred")), [], ["p"]))
    out.append(binop(S, "copysign", "copysign.%s" % T, T))
    for op in ["add", "sub", "mul"]:
        for t in types:
            for r in RND:
                for f in FTZ:
                    for s in SAT:
                        out.append(binop(S, op, "%s%s%s%s.%s" % (op, r, f, s, t), t))
    for op in ["fma", "mad"]:
        for t in types:
            for r in RND:
                for f in FTZ:
                    for s in SAT:
                        out.append(terop(S, op, "%s%s%s%s.%s" % (op, r, f, s, t), t))
    for r in RND[1:] + [""]:
        for f in FTZ:
            # without a rounding modifier the ISA (PTX 1.x) meant the approximation
            ap = "_approx" if not r else ""
            out.append(binop(S, "div" + ap, "div%s%s.%s" % (r, f, T), T, approx=not r))
            out.append(unop(S, "rcp" + ap, "rcp%s%s.%s" % (r, f, T), T, approx=not r))
            out.append(unop(S, "sqrt" + ap, "sqrt%s%s.%s" % (r, f, T), T, approx=not r))
    for r in [".approx", ".full"]:
        for f in FTZ:
            out.append(binop(S, "div_approx", "div%s%s.%s" % (r, f, T), T, approx=True))
    for f in FTZ:
        for op in ["rcp", "sqrt", "rsqrt"]:
            out.append(unop(S, "rcp_approx", "%s.approx%s.%s" % (op, f, T), T, approx=True))
        for op in ["sin", "cos", "lg2", "ex2", "tanh"]:
            out.append(unop(S, "sfu_approx", "%s.approx%s.%s" % (op, f, T), T, approx=True))
    out.append(unop(S, "sfu_approx", "rsqrt.%s" % T, T, approx=True))
    for op in ["abs", "neg"]:
        for f in FTZ:
            out.append(unop(S, "absneg", "%s%s.%s" % (op, f, T), T))
    for op in ["min", "max"]:
        for f in FTZ:
            for n in ["", ".NaN"]:
                for x in ["", ".xorsign.abs"]:
                    out.append(binop(S, "minmax", "%s%s%s%s.%s" % (op, f, n, x, T), T))
                out.append(terop(S, "minmax", "%s%s%s.%s" % (op, f, n, T), T))       # 3-input (sm_100)
                out.append(terop(S, "minmax", "%s%s%s.abs.%s" % (op, f, n, T), T))
    # immediate operands
    if T == "f32":
        imms = [("add.f32 d, a, 0f3F800000;", 1), ("mul.rn.f32 d, a, 0fBF000000;", 1), ("fma.rn.f32 d, a, 0f40490FDB, b;", 2),
                ("sub.rz.ftz.f32 d, 0f7F7FFFFF, a;", 1), ("min.f32 d, a, 0f7FC00000;", 1), ("max.NaN.f32 d, a, 0fFF800000;", 1)]
    else:
        imms = [("add.f64 d, a, 0d3FF0000000000000;", 1), ("mul.rn.f64 d, a, 0dBFE0000000000000;", 1),
                ("fma.rn.f64 d, a, 0d400921FB54442D18, b;", 2), ("min.f64 d, a, 0d7FF8000000000000;", 1)]
    for txt, n in imms:
        regs = _regs(("d", rk_of(T)), ("a", rk_of(T))) if n == 1 else _regs(("d", rk_of(T)), ("a", rk_of(T)), ("b", rk_of(T)))
        ins = [("a", dom_of(T))] if n == 1 else [("a", dom_of(T)), ("b", dom_of(T))]
        out.append(Form(S, "imm", txt, regs, ins, ["d"]))
    return out


# ---------------------------------------------------------------- half precision and mixed
def half_forms():
    S = "half"
    out = []
    for op in ["add", "sub", "mul"]:
        for t in HALF_T:
            for r in RND:
                for f in FTZ:
                    for s in SAT:
                        out.append(binop(S, op + "_h", "%s%s%s%s.%s" % (op, r, f, s, t), t))
    for t in HALF_T:
        for r in RND:
            for f in FTZ:
                for s in SAT:
                    for o in ["", ".oob"]:
                        for rl in ["", ".relu"]:
                            out.append(terop(S, "fma_h", "fma%s%s%s%s%s.%s" % (r, f, s, o, rl, t), t))
        for op in ["neg", "abs"]:
            for f in FTZ:
                out.append(unop(S, "absneg_h", "%s%s.%s" % (op, f, t), t))
        for op in ["min", "max"]:
            for f in FTZ:
                for n in ["", ".NaN"]:
                    for x in ["", ".xorsign.abs"]:
                        out.append(binop(S, "minmax_h", "%s%s%s%s.%s" % (op, f, n, x, t), t))
                    out.append(terop(S, "minmax_h", "%s%s%s.%s" % (op, f, n, t), t))
        for op in ["tanh", "ex2"]:
            for f in FTZ:
                out.append(unop(S, "sfu_h_approx", "%s.approx%s.%s" % (op, f, t), t, approx=True))
        for op in ["sin", "cos", "lg2", "rcp", "sqrt", "rsqrt"]:
            out.append(unop(S, "sfu_h_approx", "%s.approx.%s" % (op, t), t, approx=True))
        out.append(binop(S, "copysign_h", "copysign.%s" % t, t))
    return out


def mixed_forms():
    S = "mixed"
    out = []
    for at in ["f16", "bf16"]:
        for op in ["add", "sub"]:
            for r in RND:
                for s in SAT:
                    out.append(Form(S, "mixed", "%s%s%s.f32.%s d, a, c;" % (op, r, s, at), _regs(("d", "b32"), ("a", "b16"), ("c", "b32")),
                                    [("a", at), ("c", "f32")], ["d"]))
        for r in RND:
            for s in SAT:
                out.append(Form(S, "mixed", "fma%s%s.f32.%s d, a, b, c;" % (r, s, at),
                                _regs(("d", "b32"), ("a", "b16"), ("b", "b16"), ("c", "b32")), [("a", at), ("b", at), ("c", "f32")], ["d"]))
    return out


# ---------------------------------------------------------------- comparison and selection
SETP_T = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64", "f16", "f16x2", "bf16", "bf16x2"]


def cmp_forms():
    S = "cmp"
    out = []
    for t in SETP_T:
        for c in CMPS:
            for b in BOOL:
                for f in FTZ:
                    negs = [""] if not b else ([""] + (["!"] if c in ("eq", "lt", "ltu") else []))
                    for n in negs:
                        base = "setp.%s%s%s.%s" % (c, b, f, t)
                        regs = _regs(("p", "pred"), ("q", "pred"), ("a", rk_of(t)), ("b", rk_of(t)))
                        ins = [("a", dom_of(t)), ("b", dom_of(t))]
                        # p|q for every form; p alone where p|q is not allowed (scalar f16/bf16)
                        # or, for the others, for the plain compare
                        single = t in ("f16", "bf16") or (not b and not f)
                        regs2 = _regs(("p", "pred"), ("a", rk_of(t)), ("b", rk_of(t)))
                        if b:
                            regs["c"] = regs2["c"] = "pred"
                            ins.append(("c", "pred"))
                            out.append(Form(S, "setp_" + t, "%s p|q, a, b, %sc;" % (base, n), regs, ins, ["p|q"]))
                            if single:
                                out.append(Form(S, "setp_" + t, "%s p, a, b, %sc;" % (base, n), regs2, ins, ["p"]))
                            continue
                        out.append(Form(S, "setp_" + t, "%s p|q, a, b;" % base, regs, ins, ["p|q"]))
                        if single:
                            out.append(Form(S, "setp_" + t, "%s p, a, b;" % base, regs2, ins, ["p"]))
    # immediate comparands
    for txt, t in [("setp.lt.s32 p, a, 0;", "s32"), ("setp.gt.u32 p, a, 0x7fffffff;", "u32"), ("setp.eq.b64 p, a, -1;", "b64"),
                   ("setp.ltu.f32 p, a, 0f00000000;", "f32"), ("setp.num.f64 p, a, 0d0000000000000000;", "f64"),
                   ("setp.ge.s16 p, a, -1;", "s16")]:
        out.append(Form(S, "setp_imm", txt, _regs(("p", "pred"), ("a", rk_of(t))), [("a", dom_of(t))], ["p"]))
    DT = ["u32", "s32", "f32", "u16", "s16", "f16", "bf16", "f16x2", "bf16x2"]
    for st in SETP_T:
        for dt in DT:
            for c in CMPS:
                for b in BOOL:
                    for f in FTZ:
                        negs = [""] if not b else ([""] + (["!"] if c in ("eq", "lt", "ltu") else []))
                        for n in negs:
                            regs = _regs(("d", rk_of(dt)), ("a", rk_of(st)), ("b", rk_of(st)))
                            ins = [("a", dom_of(st)), ("b", dom_of(st))]
                            txt = "set.%s%s%s.%s.%s d, a, b" % (c, b, f, dt, st)
                            if b:
                                regs["c"] = "pred"
                                ins.append(("c", "pred"))
                                txt += ", %sc" % n
                            out.append(Form(S, "set_" + st, txt + ";", regs, ins, ["d"]))
    SEL_T = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64", "f16", "bf16", "f16x2", "bf16x2", "pred"]
    for t in SEL_T:
        regs = _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("c", "pred"))
        out.append(Form(S, "selp", "selp.%s d, a, b, c;" % t, regs, [("a", dom_of(t)), ("b", dom_of(t)), ("c", "pred")], ["d"]))
    for txt, t in [("selp.u32 d, 1, 0, c;", "u32"), ("selp.s64 d, -1, a, c;", "s64"), ("selp.f32 d, 0f3F800000, a, c;", "f32"),
                   ("selp.f64 d, a, 0dFFF0000000000000, c;", "f64"), ("selp.b16 d, a, 0x7e00, c;", "b16")]:
        regs = _regs(("d", rk_of(t)), ("a", rk_of(t)), ("c", "pred"))
        out.append(Form(S, "selp", txt, regs, [("a", dom_of(t)), ("c", "pred", 2)], ["d"]))
    SLCT_T = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64", "f16", "bf16"]
    for t in SLCT_T:
        for ct in ["s32", "f32"]:
            for f in FTZ:
                regs = _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("c", "b32"))
                out.append(Form(S, "slct", "slct%s.%s.%s d, a, b, c;" % (f, t, ct), regs,
                                [("a", dom_of(t)), ("b", dom_of(t)), ("c", dom_of(ct))], ["d"]))
    return out


# ---------------------------------------------------------------- logic and shift
LOG_T = ["pred", "b16", "b32", "b64"]


def logic_forms():
    S = "logic"
    out = []
    for op in ["and", "or", "xor"]:
        for t in LOG_T + ["u32", "s64"]:
            out.append(binop(S, "andorxor", "%s.%s" % (op, t), t))
    for txt, t in [("and.b32 d, a, 0xff00ff00;", "b32"), ("or.b64 d, a, 0x8000000000000001;", "b64"), ("xor.b16 d, a, 0x8000;", "b16"),
                   ("and.b32 d, a, -16;", "b32"), ("xor.pred d, a, 1;", "pred")]:
        out.append(Form(S, "andorxor", txt, _regs(("d", rk_of(t)), ("a", rk_of(t))), [("a", dom_of(t))], ["d"]))
    for op in ["not", "cnot"]:
        for t in LOG_T + ["u32"]:
            out.append(unop(S, "notcnot", "%s.%s" % (op, t), t))
    for lut in range(256):
        out.append(Form(S, "lop3_%d" % (lut // 128), "lop3.b32 d, a, b, c, 0x%02x;" % lut,
                        _regs(("d", "b32"), ("a", "b32"), ("b", "b32"), ("c", "b32")), [("a", "i32"), ("b", "i32"), ("c", "i32")], ["d"]))
    for bop in [".and", ".or", ".xor"]:
        for lut in [0x00, 0xff, 0x80, 0xfe, 0x96, 0xe8, 0x3c, 0x0f]:
            for n in ["", "!"]:
                out.append(Form(S, "lop3p", "lop3%s.b32 d|p, a, b, c, 0x%02x, %sq;" % (bop, lut, n),
                                _regs(("d", "b32"), ("p", "pred"), ("a", "b32"), ("b", "b32"), ("c", "b32"), ("q", "pred")),
                                [("a", "i32"), ("b", "i32"), ("c", "i32"), ("q", "pred")], ["d", "p"]))
    for d in [".l", ".r"]:
        for m in ["", ".clamp", ".wrap"]:
            for t in ["b32", "b64"]:
                out.append(Form(S, "shf", "shf%s%s.%s d, a, b, c;" % (d, m, t),
                                _regs(("d", rk_of(t)), ("a", rk_of(t)), ("b", rk_of(t)), ("c", "b32")),
                                [("a", dom_of(t)), ("b", dom_of(t)), ("c", "amt")], ["d"]))
            if m:
                for n in [0, 1, 8, 31, 32, 33, 255]:
                    out.append(Form(S, "shf", "shf%s%s.b32 d, a, b, %d;" % (d, m, n),
                                    _regs(("d", "b32"), ("a", "b32"), ("b", "b32")), [("a", "i32"), ("b", "i32")], ["d"]))
    for op, types in [("shl", ["b16", "b32", "b64", "u32", "s32"]),
                      ("shr", ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"])]:
        for t in types:
            out.append(binop(S, "shift", "%s.%s" % (op, t), t, bt="u32", b_dom="amt"))
        for t in ["b16", "b32", "b64", "s32", "s64", "u16", "s16"]:
            if t not in types:
                continue
            for n in [0, 1, 15, 16, 31, 32, 63, 64, 100]:
                out.append(Form(S, "shift_imm", "%s.%s d, a, %d;" % (op, t, n), _regs(("d", rk_of(t)), ("a", rk_of(t))), [("a", dom_of(t))], ["d"]))
    return out


# ---------------------------------------------------------------- conversions
CVT_GT = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "bf16", "f32", "f64"]
CVT_RND = ["", ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi"]
FLOATS = {"f16", "bf16", "f32", "f64", "tf32"}


def cvt_one(S, grp, mods, dt, st, r32):
    """cvt{mods}.dt.st d, a; r32 puts 8-bit operands in .b32 registers."""
    drk = "b32" if (r32 and dt in ("u8", "s8")) else rk_of(dt)
    srk = "b32" if (r32 and st in ("u8", "s8")) else rk_of(st)
    sdom = dom_of(st)
    if r32 and st in ("u8", "s8"):
        sdom = "i32"
    return Form(S, grp, "cvt%s.%s.%s d, a;" % (mods, dt, st), _regs(("d", drk), ("a", srk)), [("a", sdom)], ["d"],
                tag="r32" if r32 else "")


def cvt_forms():
    S = "cvt"
    out = []
    for st in CVT_GT:
        grp = "from_" + st
        for dt in CVT_GT:
            for r in CVT_RND:
                for f in FTZ:
                    for s in SAT:
                        extra = [""]
                        if dt in FLOATS and st in ("f32", "f64", "f16", "bf16"):
                            extra = ["", ".relu", ".satfinite", ".relu.satfinite", ".satfinite.relu"]
                        for x in extra:
                            for r32 in ([False, True] if ("u8" in (st, dt) or "s8" in (st, dt)) else [False]):
                                out.append(cvt_one(S, grp, r + f + s + x, dt, st, r32))
    # tf32
    for r in ["", ".rna", ".rn", ".rz", ".rm", ".rp"]:
        for x in ["", ".satfinite", ".relu", ".satfinite.relu", ".relu.satfinite"]:
            out.append(Form(S, "tf32", "cvt%s%s.tf32.f32 d, a;" % (r, x), _regs(("d", "b32"), ("a", "b32")), [("a", "f32")], ["d"]))
    # pairs of f32 into one register
    for dt in ["f16x2", "bf16x2", "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2", "e3m2x2", "ue8m0x2"]:
        for r in ["", ".rn", ".rz", ".rm", ".rp", ".rna"]:
            for x in ["", ".relu", ".satfinite", ".relu.satfinite", ".satfinite.relu"]:
                out.append(Form(S, "pack_f32", "cvt%s%s.%s.f32 d, a, b;" % (r, x, dt), _regs(("d", rk_of(dt)), ("a", "b32"), ("b", "b32")),
                                [("a", "f32"), ("b", "f32")], ["d"]))
    # fp8 <-> f16x2 (and the bf16x2 / f32 combinations, for the record)
    for f8 in ["e4m3x2", "e5m2x2"]:
        for r in ["", ".rn", ".rz", ".rna"]:
            for x in ["", ".relu", ".satfinite", ".relu.satfinite", ".satfinite.relu"]:
                out.append(Form(S, "fp8", "cvt%s%s.%s.f16x2 d, a;" % (r, x, f8), _regs(("d", "b16"), ("a", "b32")), [("a", "f16x2")], ["d"]))
                out.append(Form(S, "fp8", "cvt%s%s.%s.bf16x2 d, a;" % (r, x, f8), _regs(("d", "b16"), ("a", "b32")), [("a", "bf16x2")], ["d"]))
            for x in ["", ".relu"]:
                for wt in ["f16x2", "bf16x2"]:
                    out.append(Form(S, "fp8", "cvt%s%s.%s.%s d, a;" % (r, x, wt, f8), _regs(("d", "b32"), ("a", "b16")), [("a", f8)], ["d"]))
    for x in ["", ".relu"]:
        out.append(Form(S, "fp8", "cvt.rn%s.bf16x2.ue8m0x2 d, a;" % x, _regs(("d", "b32"), ("a", "b16")), [("a", "i16")], ["d"]))
    # stochastic rounding (sm_100a)
    for dt in ["f16x2", "bf16x2"]:
        out.append(Form(S, "pack_f32", "cvt.rs.relu.satfinite.%s.f32 d, a, b, c;" % dt,
                        _regs(("d", "b32"), ("a", "b32"), ("b", "b32"), ("c", "b32")), [("a", "f32"), ("b", "f32"), ("c", "i32")], ["d"]))
    # cvt.pack
    for s in SAT:
        for dt in ["u16", "s16"]:
            out.append(Form(S, "pack", "cvt.pack%s.%s.s32 d, a, b;" % (s, dt), _regs(("d", "b32"), ("a", "b32"), ("b", "b32")),
                            [("a", "i32"), ("b", "i32")], ["d"]))
        for dt in ["u2", "s2", "u4", "s4", "u8", "s8"]:
            out.append(Form(S, "pack", "cvt.pack%s.%s.s32.b32 d, a, b, c;" % (s, dt),
                            _regs(("d", "b32"), ("a", "b32"), ("b", "b32"), ("c", "b32")), [("a", "i32"), ("b", "i32"), ("c", "i32")], ["d"]))
    return out


# ---------------------------------------------------------------- data movement
MOV_T = ["pred", "b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f16", "bf16", "f32", "f64", "b128", "u8", "b8"]
MEM_T = ["u8", "s8", "b8", "u16", "s16", "b16", "u32", "s32", "b32", "f32", "u64", "s64", "b64", "f64", "f16", "bf16", "b128"]
SIZE = {"u8": 1, "s8": 1, "b8": 1, "u16": 2, "s16": 2, "b16": 2, "f16": 2, "bf16": 2, "u32": 4, "s32": 4, "b32": 4, "f32": 4,
        "u64": 8, "s64": 8, "b64": 8, "f64": 8, "b128": 16}


def move_forms():
    S = "move"
    out = []
    for t in MOV_T:
        out.append(unop(S, "mov", "mov.%s" % t, t))
    for txt, t in [("mov.u32 d, 0x12345678;", "u32"), ("mov.s32 d, -5;", "s32"), ("mov.b64 d, 0x0123456789abcdef;", "b64"),
                   ("mov.f32 d, 0f3FC00000;", "f32"), ("mov.f32 d, 0fFF800001;", "f32"), ("mov.f64 d, 0d7FF0000000000001;", "f64"),
                   ("mov.f64 d, 0dBFF8000000000000;", "f64"), ("mov.b16 d, 0x3c00;", "b16"), ("mov.u16 d, 65535;", "u16"),
                   ("mov.s64 d, -9223372036854775808;", "s64"), ("mov.f32 d, 0d3FF0000000000000;", "f32"), ("mov.pred d, 1;", "pred"),
                   ("mov.f16 d, 0x3c00;", "f16"), ("mov.u64 d, 0xffffffffffffffff;", "u64")]:
        out.append(Form(S, "mov_imm", txt, _regs(("d", rk_of(t))), [], ["d"]))
    # packing and unpacking
    packs = [("b32", "b16", 2), ("b64", "b32", 2), ("b64", "b16", 4), ("b128", "b64", 2), ("b128", "b32", 4), ("b128", "b16", 8)]
    names = ["a", "b", "c", "h", "i", "j", "k", "l"]
    onames = ["d", "e", "f", "g", "m", "n", "o", "r"]
    for wt, et, n in packs:
        regs = _regs(("d", wt), *[(x, et) for x in names[:n]])
        out.append(Form(S, "mov_pack", "mov.%s d, {%s};" % (wt, ", ".join(names[:n])), regs, [(x, TYPES[et][1]) for x in names[:n]], ["d"]))
        regs = _regs(("a", wt), *[(x, et) for x in onames[:n]])
        out.append(Form(S, "mov_pack", "mov.%s {%s}, a;" % (wt, ", ".join(onames[:n])), regs, [("a", TYPES[wt][1])], onames[:n]))
        for keep in [0, n - 1]:
            parts = ["_"] * n
            parts[keep] = "d"
            regs = _regs(("a", wt), ("d", et))
            out.append(Form(S, "mov_pack", "mov.%s {%s}, a;" % (wt, ", ".join(parts)), regs, [("a", TYPES[wt][1])], ["d"]))
    for v, n in [(".v2", 2), (".v4", 4)]:
        for t in ["u16", "u32", "u64", "f32", "f64", "b32", "u8"]:
            regs = _regs(*[(x, rk_of(t)) for x in onames[:n]], *[(x, rk_of(t)) for x in names[:n]])
            out.append(Form(S, "mov_vec", "mov%s.%s {%s}, {%s};" % (v, t, ", ".join(onames[:n]), ", ".join(names[:n])), regs,
                            [(x, dom_of(t)) for x in names[:n]], onames[:n]))
    # prmt
    for m in ["", ".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"]:
        out.append(Form(S, "prmt", "prmt.b32%s d, a, b, c;" % m, _regs(("d", "b32"), ("a", "b32"), ("b", "b32"), ("c", "b32")),
                        [("a", "i32"), ("b", "i32"), ("c", "prmtsel")], ["d"]))
        imms = [0x3210, 0x0123, 0x7654, 0x4444, 0x8888, 0x89ab, 0x1032, 0xba98, 0xf0e1] if not m else [0, 1, 2, 3]
        for c in imms:
            out.append(Form(S, "prmt", "prmt.b32%s d, a, b, 0x%x;" % (m, c), _regs(("d", "b32"), ("a", "b32"), ("b", "b32")),
                            [("a", "i32"), ("b", "i32")], ["d"]))
    # ld/st .global, scalar and vector
    for v, n in [("", 1), (".v2", 2), (".v4", 4), (".v8", 8)]:
        for t in MEM_T:
            sz = SIZE[t]
            if sz * n > 32:
                continue
            for r32 in ([False, True] if sz < 4 else [False]):
                rk = "b32" if r32 else rk_of(t)
                ons = onames[:n]
                tgt = ons[0] if n == 1 else "{%s}" % ", ".join(ons)
                out.append(Form(S, "ld", "ld.global%s.%s %s, [ga];" % (v, t, tgt), _regs(*[(x, rk) for x in ons]), [], ons,
                                tag="r32" if r32 else "", mem="ld"))
                ins_ = names[:n]
                src = ins_[0] if n == 1 else "{%s}" % ", ".join(ins_)
                # element k of size sz comes from word k (8-byte elements from words 2k, 2k+1)
                ins = []
                for k, x in enumerate(ins_):
                    ins.append((x, {8: "mem64", 16: "mem128"}.get(sz, "mem"), k))
                out.append(Form(S, "st", "st.global%s.%s [ga], %s;" % (v, t, src), _regs(*[(x, rk) for x in ins_]), ins, [],
                                tag="r32" if r32 else "", mem="st", nbytes=sz * n))
    return out


def all_candidates():
    c = []
    c += int_forms()
    c += ext_forms()
    c += float_forms("f32", "f32")
    c += float_forms("f64", "f64")
    c += half_forms()
    c += mixed_forms()
    c += cmp_forms()
    c += logic_forms()
    c += cvt_forms()
    c += move_forms()
    seen = {}
    uniq = []
    for f in c:
        k = (f.section, f.key)
        if k in seen:
            continue
        seen[k] = f
        uniq.append(f)
    return uniq
