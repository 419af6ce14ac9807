#!/usr/bin/env python3
"""Generates the hardware-mode matrix: what an H100 does where the PTX ISA calls a
warp collective undefined.

    python3 gen.py            write hwmode_common.cuh, every hwmode_*.cu, every
                              hwmode_*.plan, cases.json and README.md
    python3 gen.py --check    after build.sh compiled the .ptx files: check that
                              every collective site is in the PTX exactly once, is
                              the instruction meant, and sits on the control-flow
                              path meant (see check_ptx below)

Everything in this folder except build.sh is written by this script; edit the
script, never its output. Plans go through tests/hwrec/plan.py (runs = 5).

Vocabulary used throughout (and in cases.json):
- P: the lane pattern of a test (the lanes whose `sel` input word is non-zero),
  Q = ~P. Patterns: half (P = 0x0000ffff), even (P = 0x55555555), rand (a fixed
  random set without lane 0 and with lane 31).
- site: one point of a kernel where lanes record what they saw. A collective site
  runs one collective (shfl/vote/match/redux/bar.warp.sync/elect/activemask); a
  mark site runs none. Every site writes, for each lane that reaches it, one word
  per row: reach (0x5245SSLL: SS = site, LL = lane), order (a ticket from a shared
  atomic counter: the order in which lanes got there), am (activemask.b32 right
  after the collective), then the instruction's outputs (d, p, ...). A lane that
  never reached a site leaves the sentinel 0xcdcd0000|index in every row of it.
- out word of (row r, lane l) = r * 32 + l.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "hwrec"))
from plan import Plan, Rng, seed_of, sentinel  # noqa: E402

FULL = 0xFFFFFFFF
RUNS = 5
SPIN_NS = 200000          # lanes that "come late" spin this long (200 us) on %globaltimer
DEADLINE_NS = 200000000   # watchdog: warp 0 must finish within 200 ms, else trap
IN_SEL, IN_MASK, IN_CTRL = 0, 1, 2
REACH = 0x52450000


def popcount(x):
    return bin(x & FULL).count("1")


def lanes_of(m):
    return [l for l in range(32) if (m >> l) & 1]


def hx(v):
    return "0x%08x" % (v & FULL)


def rand_pattern():
    r = Rng(seed_of("hwmode/pattern/rand"))
    while True:
        m = (r.next() & ~1 & FULL) | (1 << 31)
        if 11 <= popcount(m) <= 20:
            return m


PATTERNS = {"half": 0x0000FFFF, "even": 0x55555555, "rand": rand_pattern(), "hi": 0xFFFF0000}


# ---------------------------------------------------------------------------
# shfl.sync as the PTX ISA defines it (source lane j and predicate p).
def shfl_jp(mode, lane, b, c):
    seg = (c >> 8) & 0x1F
    cval = c & 0x1F
    max_lane = (lane & seg) | (cval & ~seg & 0x1F)
    min_lane = lane & seg
    if mode == "up":
        j = lane - b
        p = j >= max_lane
    elif mode == "down":
        j = lane + b
        p = j <= max_lane
    elif mode == "bfly":
        j = lane ^ b
        p = j <= max_lane
    else:
        j = min_lane | (b & 0x1F & ~seg)
        p = j <= max_lane
    return (j if p else lane), bool(p)


# ---------------------------------------------------------------------------
class KB:
    """One kernel (= one test) under construction."""

    def __init__(self, name, module, group, kind, pattern, watchdog=False, block=32):
        self.name, self.module, self.group, self.kind, self.pattern = name, module, group, kind, pattern
        self.watchdog = watchdog
        self.block = 64 if watchdog else block
        self.rng = Rng(seed_of("hwmode/" + name))
        self.in_rows = []      # (what, words)
        self.out_rows = []     # dicts: site, what
        self.sites = []        # site descriptors (cases.json)
        self.pins = []         # (cvar, in_row)
        self.body = []
        self.depth = 1
        self.nsite = 0
        self.uses_buf = False
        self.uses_stop = False
        self.uses_hm = False
        self.paths = {}        # path name -> list of site tags, for the PTX check
        self.checks = []       # (relation, tagA, tagB)
        self.straight = []     # lists of tags that must share one basic block
        self.loop = False
        self.note = ""
        self.isa = ""
        self.misuse = ""
        self.add_in("sel", [0] * 32)
        self.add_in("mask", [0] * 32)
        self.add_in("ctrl", [SPIN_NS, DEADLINE_NS] + [0] * 30)

    # -- inputs / outputs --------------------------------------------------
    def add_in(self, what, words):
        assert len(words) == 32
        self.in_rows.append((what, [w & FULL for w in words]))
        return len(self.in_rows) - 1

    def set_sel(self, P):
        self.in_rows[IN_SEL] = ("sel", [1 if (P >> l) & 1 else 0 for l in range(32)])

    def set_mask_reg(self, masks):
        self.in_rows[IN_MASK] = ("mask", [m & FULL for m in masks])
        self.uses_hm = True

    def operand(self, what, words):
        row = self.add_in(what, words)
        var = "v%d" % row
        self.pins.append((var, row))
        return var, row

    def out_row(self, site, what):
        self.out_rows.append(dict(site=site, what=what))
        return len(self.out_rows) - 1

    # -- code ----------------------------------------------------------------
    def line(self, s):
        self.body.append("  " * self.depth + s)

    def open(self, cond):
        self.line("if (%s) {" % cond)
        self.depth += 1

    def else_(self):
        self.depth -= 1
        self.line("} else {")
        self.depth += 1

    def close(self):
        self.depth -= 1
        self.line("}")

    def exit(self):
        self.line("HWM_EXIT();")

    def new_site(self, path):
        s = self.nsite
        self.nsite += 1
        self.paths.setdefault(path, [])
        return s

    def rows_for(self, s, names, iters):
        """Rows of a site: reach, order, am, then the outputs; per iteration."""
        rows = {}
        base = len(self.out_rows)
        for it in range(iters):
            for n in ["reach", "order", "am"] + names:
                self.out_row(s, n if iters == 1 else "%s[it%d]" % (n, it))
        stride = 3 + len(names)
        for k, n in enumerate(["reach", "order", "am"] + names):
            rows[n] = base + k
        return rows, stride

    def rexpr(self, row, stride, iters):
        return str(row) if iters == 1 else "(%d + i_ * %d)" % (row, stride)

    def mark(self, path, label, iters=1):
        s = self.new_site(path)
        rows, stride = self.rows_for(s, [], iters)
        r = lambda n: self.rexpr(rows[n], stride, iters)  # noqa: E731
        self.line("HWM_MARK(%d, %s, %s, %s);  // mark: %s" % (s, r("reach"), r("order"), r("am"), label))
        self.paths[path].append("M%d" % s)
        self.sites.append(dict(site=s, path=path, kind="mark", label=label, rows=rows, iterations=iters,
                               row_stride=stride))
        return s

    def asm(self, tag, text, outs, ins, mask):
        """asm volatile statement; text uses @o0.. (outputs), @i0.. (inputs), @m (membermask)."""
        ops_in = list(ins)
        n = 0
        rep = {}
        for k in range(len(outs)):
            rep["@o%d" % k] = "%%%d" % n
            n += 1
        for k in range(len(ins)):
            rep["@i%d" % k] = "%%%d" % n
            n += 1
        if mask is None:
            pass
        elif isinstance(mask, int):
            rep["@m"] = hx(mask)
        else:
            ops_in.append(("r", mask))
            rep["@m"] = "%%%d" % n
        for k in sorted(rep, key=len, reverse=True):
            text = text.replace(k, rep[k])
        s = 'asm volatile("// hwm %s\\n\\t%s"' % (tag, text)
        s += " : " + ", ".join('"%s"(%s)' % c for c in outs)
        s += " : " + ", ".join('"%s"(%s)' % c for c in ops_in)
        s += ' : "memory");'
        return s

    def coll(self, path, instr, text, outs, ins, mask, out_names, info, pre=(), post=(), iters=1):
        """A collective site: pre lines, the asm, the mark, the output stores."""
        s = self.new_site(path)
        rows, stride = self.rows_for(s, out_names, iters)
        r = lambda n: self.rexpr(rows[n], stride, iters)  # noqa: E731
        self.line("{  // site %d: %s, membermask %s" % (s, instr, mask_desc(mask)))
        self.depth += 1
        if outs:
            self.line("u32 %s;" % ", ".join(v for _, v in outs))
        for p in pre:
            self.line(p.replace("@S", str(s)))
        self.line(self.asm("S%d" % s, text, outs, ins, mask))
        for p in post:
            self.line(p)
        self.line("HWM_MARK(%d, %s, %s, %s);" % (s, r("reach"), r("order"), r("am")))
        for n, var in zip(out_names, info.pop("_out_vars")):
            self.line("out[%s * 32 + lane] = %s;" % (r(n), var))
        self.depth -= 1
        self.line("}")
        self.paths[path].append("S%d" % s)
        self.paths[path].append("M%d" % s)
        used = sorted({int(v[1:]) for _, e in ins for v in re.findall(r"\bv\d+\b", e)})
        d = dict(site=s, path=path, kind="collective", instr=instr, mask=mask_desc(mask), rows=rows,
                 iterations=iters, row_stride=stride, operand_in_rows=used)
        d.update(info)
        self.sites.append(d)
        return s

    def mask_expr(self, mask):
        """An int is an immediate membermask; 'reg' is the per-lane mask of in row 1."""
        if mask == "reg":
            self.uses_hm = True
            return "hm"
        return mask


def mask_desc(mask):
    if mask is None:
        return "none"
    if isinstance(mask, int):
        return hx(mask)
    return "per-lane register (in row 1)"


# ---------------------------------------------------------------------------
# Site kinds. emit(kb, path, mask, focus, role, src, share) writes one site.
#   mask  : int immediate or "reg"
#   focus : the lanes the data is designed around (usually P, the lanes meant to execute)
#   role  : "def" (operands chosen so the use is defined) or "misuse"
#   src   : shfl only: "cross" = register sources chosen among the non-focus lanes
#   share : a previous site's descriptor whose operands are reused (same instruction text)


class ShflSite:
    def __init__(self, mode, b, c):
        self.mode, self.b, self.c = mode, b, c  # b: int immediate or "reg"

    def label(self):
        return "shfl.sync.%s.b32" % self.mode

    def _valid(self, E, b, c):
        ok, score = True, 0
        for l in lanes_of(E):
            j, p = shfl_jp(self.mode, l, b, c)
            if p and not (E >> j) & 1:
                ok = False
            if p and j != l:
                score += 1
        return ok, score

    def choose_imm(self, E):
        """Defined use: an immediate (b, c) whose every source lies in E (or p false)."""
        if self._valid(E, self.b, self.c)[0]:
            return self.b, self.c
        best = None
        for c in [self.c, 0x1F, 0x0, 0x101F, 0x1000, 0x181F, 0x1800, 0x1C1F, 0x1C00, 0x1E1F, 0x1E00]:
            for b in [self.b] + list(range(32)):
                ok, score = self._valid(E, b, c)
                if ok and (best is None or score > best[0]):
                    best = (score, b, c)
            if best and best[0] * 2 >= popcount(E):
                break
        return best[1], best[2]

    def choose_reg(self, kb, E, role, src, focus, c):
        words = []
        for l in range(32):
            if self.mode == "idx":
                cands = list(range(32))
            else:
                cands = list(range(1, 32))
            if role == "def" and (E >> l) & 1:
                good = [b for b in cands if self._src_in(l, b, c, E, want_move=True)]
                if not good:
                    good = [b for b in cands if self._src_in(l, b, c, E, want_move=False)] or [0]
                words.append(good[kb.rng.next() % len(good)])
            elif src == "cross":
                other = (FULL & ~focus) if (focus >> l) & 1 else focus
                good = [b for b in cands if self._src_hits(l, b, c, other)]
                if not good:
                    good = cands if self.mode == "idx" else list(range(1, 9))
                words.append(good[kb.rng.next() % len(good)])
            else:
                words.append(kb.rng.next() % 32 if self.mode == "idx" else 1 + kb.rng.next() % 8)
        return words

    def _src_in(self, l, b, c, E, want_move):
        j, p = shfl_jp(self.mode, l, b, c)
        if not p:
            return not want_move
        return bool((E >> j) & 1) and (j != l or not want_move)

    def _src_hits(self, l, b, c, other):
        j, p = shfl_jp(self.mode, l, b, c)
        return p and bool((other >> j) & 1)

    def emit(self, kb, path, mask, focus, role="misuse", src=None, share=None, iters=1):
        E = focus
        m = kb.mask_expr(mask)
        if share is not None:
            a_var, b_op, c, bvals = share["_a_var"], share["_b_op"], share["_c"], share["_bvals"]
        else:
            s_next = kb.nsite
            a = [(((s_next % 15) + 1) << 28) | (l << 20) | (kb.rng.next() & 0xFFFFF) for l in range(32)]
            a_var, _ = kb.operand("shfl a (site %d)" % s_next, a)
            c = self.c
            if self.b == "reg":
                bvals = self.choose_reg(kb, E, role, src, focus, c)
                b_var, _ = kb.operand("shfl b (site %d)" % s_next, bvals)
                b_op = ("reg", b_var)
            else:
                b = self.b
                if role == "def":
                    b, c = self.choose_imm(E)
                bvals = [b] * 32
                b_op = ("imm", b)
        ins = [("r", a_var)]
        if b_op[0] == "reg":
            ins.append(("r", b_op[1]))
            btxt = "@i1"
        else:
            btxt = str(b_op[1])
        text = "{ .reg .pred q; shfl.sync.%s.b32 @o0|q, @i0, %s, %s, @m; selp.u32 @o1, 1, 0, q; }" % (
            self.mode, btxt, hx(c) if c > 0xFFFF else "0x%x" % c)
        jp = [shfl_jp(self.mode, l, bvals[l], c) for l in range(32)]
        info = dict(mode=self.mode, b=("per-lane register" if b_op[0] == "reg" else b_op[1]), c="0x%x" % c,
                    b_lanes=bvals, isa_src=[j for j, _ in jp], isa_p=[int(p) for _, p in jp],
                    _out_vars=["d_", "p_"], _a_var=a_var, _b_op=b_op, _bvals=bvals, _c=c)
        s = kb.coll(path, self.label(), text, [("=r", "d_"), ("=r", "p_")], ins, m, ["d", "p"], info, iters=iters)
        return kb.sites[-1]


class VoteSite:
    def __init__(self, mode):
        self.mode = mode

    def label(self):
        return "vote.sync.%s.%s" % (self.mode, "b32" if self.mode == "ballot" else "pred")

    def data(self, kb, focus):
        r = kb.rng
        w = []
        for l in range(32):
            inside = (focus >> l) & 1
            if self.mode in ("all", "uni"):
                w.append(1 if inside else (r.next() >> 3) & 1)
            elif self.mode == "any":
                w.append(0 if inside else (r.next() >> 3) & 1)
            else:
                w.append((r.next() >> 3) & 1)
        out = lanes_of(FULL & ~focus)
        if out and self.mode in ("all", "uni") and all(w[l] for l in out):
            w[out[len(out) // 2]] = 0
        if out and self.mode == "any" and not any(w[l] for l in out):
            w[out[len(out) // 2]] = 1
        if focus == FULL and self.mode == "any":
            w[kb.rng.next() % 32] = 1
        if focus == FULL and self.mode == "uni":
            w[kb.rng.next() % 32] = 0
        return w

    def emit(self, kb, path, mask, focus, role="misuse", src=None, share=None, iters=1):
        m = kb.mask_expr(mask)
        if share is not None:
            var = share["_var"]
        else:
            var, _ = kb.operand("vote predicate (site %d), non-zero = true" % kb.nsite, self.data(kb, focus))
        if self.mode == "ballot":
            text = "{ .reg .pred q; setp.ne.u32 q, @i0, 0; vote.sync.ballot.b32 @o0, q, @m; }"
        else:
            text = "{ .reg .pred q, r; setp.ne.u32 q, @i0, 0; vote.sync.%s.pred r, q, @m; selp.u32 @o0, 1, 0, r; }" % self.mode
        info = dict(mode=self.mode, _out_vars=["d_"], _var=var)
        kb.coll(path, self.label(), text, [("=r", "d_")], [("r", var)], m, ["d"], info, iters=iters)
        return kb.sites[-1]


class MatchSite:
    def __init__(self, mode, width):
        self.mode, self.width = mode, width

    def label(self):
        return "match.%s.sync.b%d" % (self.mode, self.width)

    def data(self, kb, focus):
        r = kb.rng
        lo, hi = [], []
        for l in range(32):
            inside = (focus >> l) & 1
            if self.mode == "any":
                lo.append(0x3C000000 | (r.next() % 3))
                hi.append(r.next() % 2)
            else:
                same = inside or (r.next() >> 5) & 1
                if self.width == 32:
                    lo.append(0x3C0A0A0A if same else 0x3C0A0A0B)
                    hi.append(0)
                else:
                    lo.append(0x3C0A0A0A)
                    hi.append(0x77 if same else 0x78)  # equal low words, differing high words
        out = lanes_of(FULL & ~focus)
        if self.mode == "all" and out:
            l = out[len(out) // 2]
            if self.width == 32:
                lo[l] = 0x3C0A0A0B
            else:
                hi[l] = 0x78
        return lo, hi

    def emit(self, kb, path, mask, focus, role="misuse", src=None, share=None, iters=1):
        m = kb.mask_expr(mask)
        if share is not None:
            lo_v, hi_v = share["_vars"]
        else:
            lo, hi = self.data(kb, focus)
            lo_v, _ = kb.operand("match value low word (site %d)" % kb.nsite, lo)
            hi_v = None
            if self.width == 64:
                hi_v, _ = kb.operand("match value high word (site %d)" % kb.nsite, hi)
        if self.width == 64:
            ins = [("l", "((u64)%s << 32) | %s" % (hi_v, lo_v))]
        else:
            ins = [("r", lo_v)]
        if self.mode == "any":
            text = "match.any.sync.b%d @o0, @i0, @m;" % self.width
            outs, names = [("=r", "d_")], ["d"]
        else:
            text = "{ .reg .pred q; match.all.sync.b%d @o0|q, @i0, @m; selp.u32 @o1, 1, 0, q; }" % self.width
            outs, names = [("=r", "d_"), ("=r", "p_")], ["d", "p"]
        info = dict(mode=self.mode, width=self.width, _out_vars=[v for _, v in outs], _vars=(lo_v, hi_v))
        kb.coll(path, self.label(), text, outs, ins, m, names, info, iters=iters)
        return kb.sites[-1]


class ReduxSite:
    def __init__(self, op, ty):
        self.op, self.ty = op, ty

    def label(self):
        return "redux.sync.%s.%s" % (self.op, self.ty)

    def data(self, kb):
        r = kb.rng
        if (self.op, self.ty) in (("add", "u32"), ("or", "b32")):
            return [1 << l for l in range(32)], "1 << lane (the result is the set of lanes counted)"
        if self.op == "and":
            return [FULL & ~(1 << l) for l in range(32)], "~(1 << lane) (the result is ~(set of lanes counted))"
        if (self.op, self.ty) == ("add", "s32"):
            return [(r.next() % 2001) - 1000 for _ in range(32)], "random in [-1000, 1000]"
        return [r.next() for _ in range(32)], "random 32-bit"

    def emit(self, kb, path, mask, focus, role="misuse", src=None, share=None, iters=1):
        m = kb.mask_expr(mask)
        if share is not None:
            var = share["_var"]
        else:
            w, what = self.data(kb)
            var, _ = kb.operand("redux value (site %d): %s" % (kb.nsite, what), w)
        text = "redux.sync.%s.%s @o0, @i0, @m;" % (self.op, self.ty)
        info = dict(op=self.op, type=self.ty, _out_vars=["d_"], _var=var)
        kb.coll(path, self.label(), text, [("=r", "d_")], [("r", var)], m, ["d"], info, iters=iters)
        return kb.sites[-1]


class ElectSite:
    def __init__(self, sink):
        self.sink = sink

    def label(self):
        return "elect.sync" + (" _|p" if self.sink else " d|p")

    def emit(self, kb, path, mask, focus, role="misuse", src=None, share=None, iters=1):
        m = kb.mask_expr(mask)
        if self.sink:
            text = "{ .reg .pred q; elect.sync _|q, @m; selp.u32 @o0, 1, 0, q; }"
            outs, names = [("=r", "p_")], ["p"]
        else:
            text = "{ .reg .pred q; elect.sync @o0|q, @m; selp.u32 @o1, 1, 0, q; }"
            outs, names = [("=r", "d_"), ("=r", "p_")], ["d", "p"]
        info = dict(sink=self.sink, _out_vars=[v for _, v in outs])
        kb.coll(path, "elect.sync", text, outs, [], m, names, info, iters=iters)
        return kb.sites[-1]


class BarSite:
    """bar.warp.sync, observed through shared memory: before it the lane writes
    buf[lane] = 0xB1SS00LL (SS = site); after it it reads buf[(lane+1)&31] (nb1) and
    buf[lane^16] (nb16). buf starts as 0xB00000LL; lanes that spin write 0xB20000LL."""

    def label(self):
        return "bar.warp.sync"

    def emit(self, kb, path, mask, focus, role="misuse", src=None, share=None, iters=1):
        kb.uses_buf = True
        m = kb.mask_expr(mask)
        pre = ["vbuf[lane] = 0xB1000000u | (@Su << 16) | lane;"]
        post = ["const u32 n1_ = vbuf[(lane + 1u) & 31u];", "const u32 n16_ = vbuf[lane ^ 16u];"]
        info = dict(_out_vars=["n1_", "n16_"])
        kb.coll(path, "bar.warp.sync", "bar.warp.sync @m;", [], [], m, ["nb1", "nb16"], info,
                pre=pre, post=post, iters=iters)
        return kb.sites[-1]


class AmSite:
    def label(self):
        return "activemask.b32"

    def emit(self, kb, path, mask=None, focus=FULL, role="def", src=None, share=None, iters=1):
        info = dict(_out_vars=["d_"])
        kb.coll(path, "activemask.b32", "activemask.b32 @o0;", [("=r", "d_")], [], None, ["d"], info, iters=iters)
        return kb.sites[-1]


REDUX_OPS = [("add", "u32"), ("add", "s32"), ("min", "u32"), ("min", "s32"), ("max", "u32"), ("max", "s32"),
             ("and", "b32"), ("or", "b32"), ("xor", "b32")]

GROUPS = {
    "shfl.idx": [ShflSite("idx", "reg", 0x1F), ShflSite("idx", 0, 0x1F), ShflSite("idx", "reg", 0x181F)],
    "shfl.up": [ShflSite("up", 1, 0x0), ShflSite("up", "reg", 0x0), ShflSite("up", 2, 0x1C00)],
    "shfl.down": [ShflSite("down", 1, 0x1F), ShflSite("down", "reg", 0x1F), ShflSite("down", 2, 0x0F)],
    "shfl.bfly": [ShflSite("bfly", 16, 0x1F), ShflSite("bfly", "reg", 0x1F), ShflSite("bfly", 1, 0x1C1F)],
    "vote": [VoteSite(m) for m in ("all", "any", "uni", "ballot")],
    "match": [MatchSite("any", 32), MatchSite("all", 32), MatchSite("any", 64), MatchSite("all", 64)],
    "redux": [ReduxSite(o, t) for o, t in REDUX_OPS],
    "bar.warp.sync": [BarSite(), BarSite()],
    "elect.sync": [ElectSite(False), ElectSite(True)],
}
GROUP_INSTR = {"shfl.idx": "shfl.sync", "shfl.up": "shfl.sync", "shfl.down": "shfl.sync", "shfl.bfly": "shfl.sync",
               "vote": "vote.sync", "match": "match.sync", "redux": "redux.sync", "bar.warp.sync": "bar.warp.sync",
               "elect.sync": "elect.sync", "activemask": "activemask"}
GROUP_MODS = {"shfl.idx": ".idx (b: register c=0x1f, 0 c=0x1f, register c=0x181f)",
              "shfl.up": ".up (b: 1 c=0x0, register c=0x0, 2 c=0x1c00)",
              "shfl.down": ".down (b: 1 c=0x1f, register c=0x1f, 2 c=0x0f)",
              "shfl.bfly": ".bfly (b: 16 c=0x1f, register c=0x1f, 1 c=0x1c1f)",
              "vote": ".all .any .uni .ballot",
              "match": ".any.b32 .all.b32 .any.b64 .all.b64",
              "redux": " ".join(".%s.%s" % ot for ot in REDUX_OPS),
              "bar.warp.sync": "(two in a row)", "elect.sync": "d|p, _|p", "activemask": ""}
SHORT = {"shfl.idx": "shfl_idx", "shfl.up": "shfl_up", "shfl.down": "shfl_down", "shfl.bfly": "shfl_bfly",
         "vote": "vote", "match": "match", "redux": "redux", "bar.warp.sync": "barwarp", "elect.sync": "elect",
         "activemask": "am"}
MAIN_GROUPS = ["shfl.idx", "shfl.up", "shfl.down", "shfl.bfly", "vote", "match", "redux", "bar.warp.sync",
               "elect.sync"]
# b_other: what the other lanes execute instead (a different collective, FULL mask).
OTHER = {"shfl.idx": VoteSite("ballot"), "shfl.up": ReduxSite("add", "u32"), "shfl.down": MatchSite("any", 32),
         "shfl.bfly": BarSite(), "vote": ShflSite("idx", "reg", 0x1F), "match": VoteSite("ballot"),
         "redux": ShflSite("bfly", 16, 0x1F), "bar.warp.sync": VoteSite("ballot"), "elect.sync": BarSite()}


def mode_variant(group):
    """b_mode: the same instruction with other qualifiers, one per site."""
    if group.startswith("shfl."):
        other = {"idx": "bfly", "bfly": "idx", "up": "down", "down": "up"}[group.split(".")[1]]
        return GROUPS["shfl." + other]
    if group == "vote":
        return [VoteSite(m) for m in ("any", "uni", "ballot", "all")]
    if group == "match":
        return [MatchSite("all", 32), MatchSite("any", 32), MatchSite("all", 64), MatchSite("any", 64)]
    if group == "redux":
        return [ReduxSite(o, t) for o, t in REDUX_OPS[1:] + REDUX_OPS[:1]]
    return None


def emit_group(kb, sites, path, mask, focus, role="misuse", src=None, share=None):
    out = []
    for k, st in enumerate(sites):
        out.append(st.emit(kb, path, mask, focus, role=role, src=src,
                           share=(share[k] if share else None)))
    return out


# ---------------------------------------------------------------------------
# Kinds. Each builds the body of one kernel. Paths: "all" (every lane, converged),
# "P" (lanes with sel != 0), "Q" (the others).

KIND_INFO = {
    "def_full": ("control", "defined: full membermask, whole warp converged"),
    "def_part": ("control", "defined: if (sel) membermask P else membermask Q, each executed by exactly its lanes "
                 "(shfl operands chosen so every source is in the group)"),
    "a_all": ("a", "undefined: all 32 lanes execute with membermask P, so the lanes of Q are not in their own mask"),
    "a_extra": ("a", "undefined: lanes P execute with membermask P minus one of its lanes x (half: the lowest, even: "
                "lane 16), so x is not in its own mask; Q skip to the join"),
    "a_disjoint": ("a", "undefined: Q exited; lanes P execute with membermask Q (only exited lanes, none of the "
                   "executing ones)"),
    "b_exit": ("b", "Q returned before; P execute with membermask 0xffffffff. ISA: exited lanes are not waited "
               "for (shfl/vote/match/redux); a shfl source in Q is undefined; bar.warp.sync and elect.sync name "
               "no exemption for exited lanes"),
    "b_late": ("b", "Q diverge, spin in[64] ns on %globaltimer, then return without executing it; P execute with "
               "membermask 0xffffffff: undefined while Q live (membermask lanes that never execute it)"),
    "c_split": ("c", "whole warp converged, lanes of P pass membermask P and lanes of Q pass Q (a register): two "
                "self-consistent groups; a shfl source in the other group is undefined"),
    "c_super": ("c", "undefined: whole warp converged, lanes of P pass 0xffffffff and lanes of Q pass Q: the masks "
                "disagree"),
    "c_rand": ("c", "undefined: whole warp converged, every lane passes its own random membermask (always holding "
               "itself): the masks disagree"),
    "d_inactive": ("d", "undefined: if (sel) shfl with membermask P whose register sources lie in Q (inactive, "
                   "not in the mask); Q wait at the join"),
    "d_outside": ("d", "undefined: converged, lanes pass their own group's mask (P or Q) and the register sources "
                  "lie in the other group (active, outside the reader's mask)"),
    "d_exited": ("d", "undefined: Q returned; P shfl with membermask 0xffffffff and register sources in Q "
                 "(exited)"),
    "b_other": ("b", "undefined: if (sel) the collective with membermask 0xffffffff, else a different collective "
                "with 0xffffffff (one per site), then Q return"),
    "b_mode": ("b", "undefined: if (sel) the collective with 0xffffffff, else the same instruction with other "
               "qualifiers (one per site), then Q return"),
    "b_site": ("b", "unclear: if (sel) the collective with 0xffffffff, else the same instructions with the same "
               "operands at a second call site, then Q return. sm_70+ no longer requires the same instruction "
               "in convergence (the CUDA guide shows if/else __shfl_xor_sync(FULL) as valid)"),
    "b_join": ("b", "undefined: if (sel) the collective with membermask 0xffffffff; Q skip it and wait at the "
               "join (may hang)"),
    "b_site_join": ("b", "the CUDA guide's Volta example: if (lane<16) shfl.bfly 16 FULL else shfl.bfly 16 FULL, "
                    "then the join (may hang)"),
    "b_iter": ("b", "undefined: P execute the collective (0xffffffff) in loop iteration 0 and Q in iteration 1 "
               "(may hang)"),
    "b_trip": ("b", "undefined: loop with 1 trip for P and 2 for Q and a full-mask collective in the body: in "
               "iteration 1 the lanes of P have left the loop (may hang)"),
    "b_spin": ("b", "undefined: P execute bar.warp.sync 0xffffffff, then release Q, which spin until released "
               "(no time limit: hangs if the barrier waits for them)"),
    "am_full": ("control", "activemask.b32 in a converged warp"),
    "am_part": ("control", "activemask.b32 in both sides of if (sel) / else and after the join"),
    "am_exit": ("control", "activemask.b32 after Q returned"),
    "am_spin": ("control", "activemask.b32 in P while Q spin in[64] ns and then return"),
    "am_wait": ("b", "Q execute vote.sync.ballot 0xffffffff while P only read activemask, spin and return: does "
                "the ballot wait for P (alive, never executing it)?"),
}


def base_note(kb, extra=""):
    misuse, isa = KIND_INFO[kb.kind]
    kb.misuse, kb.isa = misuse, isa
    pat = ""
    if kb.pattern:
        P = PATTERNS[kb.pattern]
        pat = " | pattern %s P=%s Q=%s" % (kb.pattern, hx(P), hx(~P))
    kb.note = "%s %s | %s (%s)%s | %s%s" % (GROUP_INSTR[kb.group], modifiers(kb), kb.kind, misuse, pat, isa, extra)


def modifiers(kb):
    return getattr(kb, "mods", None) or GROUP_MODS.get(kb.group, "")


def excl(kb, a_sites, b_sites):
    for a in a_sites:
        for b in b_sites:
            kb.checks.append(("excl", a, b))


def tags(sites):
    out = []
    for s in sites:
        if s["kind"] == "collective":
            out.append("S%d" % s["site"])
        out.append("M%d" % s["site"])
    return out


def colls(sites):
    return ["S%d" % s["site"] for s in sites if s["kind"] == "collective"]


def build(kind, group, pattern, module):
    name = "%s_%s%s" % (kind, SHORT[group], ("_" + pattern) if pattern else "")
    wd = module in ("hwmode_cross", "hwmode_hang")
    kb = KB(name, module, group, kind, pattern, watchdog=wd)
    P = PATTERNS[pattern] if pattern else FULL
    Q = FULL & ~P
    kb.set_sel(P)
    G = GROUPS.get(group)

    if kind == "def_full":
        s = emit_group(kb, G, "all", FULL, FULL, role="def")
        kb.straight.append(colls(s))
    elif kind == "def_part":
        kb.open("sel != 0u")
        sp = emit_group(kb, G, "P", P, P, role="def")
        kb.else_()
        sq = emit_group(kb, G, "Q", Q, Q, role="def")
        kb.close()
        j = kb.mark("all", "join")
        excl(kb, tags(sp), tags(sq))
        kb.checks += [("before", t, "M%d" % j) for t in tags(sp) + tags(sq)]
        kb.straight += [colls(sp), colls(sq)]
    elif kind == "a_all":
        s = emit_group(kb, G, "all", P, P)
        kb.straight.append(colls(s))
    elif kind == "a_extra":
        lp = lanes_of(P)
        x = lp[0] if pattern == "half" else lp[len(lp) // 2]  # the lowest lane, or one in the middle
        kb.open("sel != 0u")
        sp = emit_group(kb, G, "P", P & ~(1 << x), P)
        kb.else_()
        q = kb.mark("Q", "Q skip")
        kb.close()
        j = kb.mark("all", "join")
        excl(kb, tags(sp), ["M%d" % q])
        kb.straight.append(colls(sp))
        kb.extra_note = " | x = lane %d" % x
    elif kind in ("a_disjoint", "b_exit", "d_exited", "b_late"):
        kb.open("sel == 0u")
        qs = [kb.mark("Q", "Q before return")]
        if kind == "b_late":
            kb.line("hwm_spin(in[64]);")
            if group == "bar.warp.sync":
                kb.uses_buf = True
                kb.line("vbuf[lane] = 0xB2000000u | lane;")
            qs.append(kb.mark("Q", "Q after the spin, before return"))
        kb.exit()
        kb.close()
        mask = Q if kind == "a_disjoint" else FULL
        sp = emit_group(kb, G, "P", mask, P, src=("cross" if kind == "d_exited" else None))
        excl(kb, tags(sp), ["M%d" % q for q in qs])
        kb.straight.append(colls(sp))
    elif kind in ("c_split", "c_super", "c_rand", "d_outside"):
        if kind in ("c_split", "d_outside"):
            masks = [P if (P >> l) & 1 else Q for l in range(32)]
        elif kind == "c_super":
            masks = [FULL if (P >> l) & 1 else Q for l in range(32)]
        else:
            masks = [(kb.rng.next() | (1 << l)) & FULL for l in range(32)]
        kb.set_mask_reg(masks)
        s = emit_group(kb, G, "all", "reg", P, src=("cross" if kind == "d_outside" else None))
        kb.straight.append(colls(s))
    elif kind == "d_inactive":
        kb.open("sel != 0u")
        sp = emit_group(kb, G, "P", P, P, src="cross")
        kb.else_()
        q = kb.mark("Q", "Q skip")
        kb.close()
        kb.mark("all", "join")
        excl(kb, tags(sp), ["M%d" % q])
        kb.straight.append(colls(sp))
    elif kind in ("b_other", "b_mode", "b_site"):
        kb.open("sel != 0u")
        sp = emit_group(kb, G, "P", FULL, P)
        kb.else_()
        if kind == "b_other":
            sq = emit_group(kb, [OTHER[group]] * len(G), "Q", FULL, Q)
        elif kind == "b_mode":
            sq = emit_group(kb, mode_variant(group), "Q", FULL, Q)
        else:
            sq = emit_group(kb, G, "Q", FULL, Q, share=sp)
        qe = kb.mark("Q", "Q before return")
        kb.exit()
        kb.close()
        pe = kb.mark("P", "P after its sites")
        excl(kb, tags(sp) + ["M%d" % pe], tags(sq) + ["M%d" % qe])
        kb.straight += [colls(sp), colls(sq)]
    else:
        raise ValueError(kind)
    base_note(kb, getattr(kb, "extra_note", ""))
    return kb


HANG_SITE = {"vote": VoteSite("ballot")}


def build_hang(kind, group, pattern):
    """hwmode_hang: lanes of the membermask that are alive but never come (joins,
    other loop iterations, a spin loop). All have the watchdog warp."""
    name = "%s_%s%s" % (kind, SHORT[group], ("_" + pattern) if pattern else "")
    kb = KB(name, "hwmode_hang", group, kind, pattern, watchdog=True)
    P = PATTERNS[pattern]
    kb.set_sel(P)
    G = [HANG_SITE.get(group) or GROUPS[group][0]]
    if kind == "b_join":
        kb.open("sel != 0u")
        sp = [G[0].emit(kb, "P", FULL, P)]
        kb.else_()
        q = kb.mark("Q", "Q skip")
        kb.close()
        j = kb.mark("all", "join")
        excl(kb, tags(sp), ["M%d" % q])
        kb.checks += [("before", t, "M%d" % j) for t in tags(sp) + ["M%d" % q]]
    elif kind == "b_site_join":
        st = ShflSite("bfly", 16, 0x1F)
        kb.open("sel != 0u")
        sp = [st.emit(kb, "P", FULL, P)]
        kb.else_()
        sq = [st.emit(kb, "Q", FULL, FULL & ~P, share=sp[0])]
        kb.close()
        j = kb.mark("all", "join")
        excl(kb, tags(sp), tags(sq))
        kb.checks += [("before", t, "M%d" % j) for t in tags(sp) + tags(sq)]
    elif kind == "b_iter":
        kb.loop = True
        kb.line("const u32 k_ = (sel != 0u) ? 0u : 1u;")
        kb.line("#pragma unroll 1")
        kb.line("for (u32 i_ = 0; i_ < 2u; ++i_) {")
        kb.depth += 1
        kb.open("i_ == k_")
        G[0].emit(kb, "all", FULL, P, iters=2)
        kb.else_()
        kb.mark("all", "skipped this iteration", iters=2)
        kb.close()
        kb.depth -= 1
        kb.line("}")
        kb.mark("all", "after the loop")
    elif kind == "b_trip":
        kb.loop = True
        kb.line("const u32 n_ = (sel != 0u) ? 1u : 2u;")
        kb.line("#pragma unroll 1")
        kb.line("for (u32 i_ = 0; i_ < n_; ++i_) {")
        kb.depth += 1
        G[0].emit(kb, "all", FULL, FULL & ~P, iters=2)
        kb.depth -= 1
        kb.line("}")
        kb.mark("all", "after the loop")
    elif kind == "b_spin":
        kb.uses_stop = True
        kb.open("sel != 0u")
        sp = [G[0].emit(kb, "P", FULL, P)]
        kb.line("hwm_stop = 1u;")
        pm = kb.mark("P", "P after releasing Q")
        kb.else_()
        q0 = kb.mark("Q", "Q before the spin")
        kb.line("while (*(volatile u32*)&hwm_stop == 0u) { }")
        q1 = kb.mark("Q", "Q released")
        kb.exit()
        kb.close()
        excl(kb, tags(sp) + ["M%d" % pm], ["M%d" % q0, "M%d" % q1])
    else:
        raise ValueError(kind)
    kb.mods = " ".join(sorted({x["instr"] for x in kb.sites if x["kind"] == "collective"}))
    base_note(kb)
    return kb


def build_am(kind, pattern):
    name = "%s%s" % (kind, ("_" + pattern) if pattern else "")
    kb = KB(name, "hwmode_am", "activemask", kind, pattern)
    P = PATTERNS[pattern] if pattern else FULL
    kb.set_sel(P)
    am = AmSite()
    if kind == "am_full":
        s = [am.emit(kb, "all"), am.emit(kb, "all")]
        kb.straight.append(colls(s))
    elif kind == "am_part":
        kb.open("sel != 0u")
        sp = [am.emit(kb, "P")]
        kb.else_()
        sq = [am.emit(kb, "Q")]
        kb.close()
        j = am.emit(kb, "all")
        excl(kb, tags(sp), tags(sq))
    elif kind in ("am_exit", "am_spin"):
        kb.open("sel == 0u")
        qs = [kb.mark("Q", "Q before return")]
        if kind == "am_spin":
            kb.line("hwm_spin(in[64]);")
            qs.append(kb.mark("Q", "Q after the spin"))
        kb.exit()
        kb.close()
        sp = [am.emit(kb, "P")]
        if kind == "am_spin":
            kb.line("hwm_spin(in[64] / 4u);")
            sp.append(am.emit(kb, "P"))
        excl(kb, tags(sp), ["M%d" % q for q in qs])
    elif kind == "am_wait":
        kb.open("sel == 0u")
        sq = [VoteSite("ballot").emit(kb, "Q", FULL, FULL & ~P)]
        kb.exit()
        kb.close()
        sp = [am.emit(kb, "P")]
        kb.line("hwm_spin(in[64]);")
        sp.append(am.emit(kb, "P"))
        excl(kb, tags(sp), tags(sq))
    base_note(kb)
    return kb


# ---------------------------------------------------------------------------
# The matrix.
MAIN_KINDS = [  # (module, kind, patterns)
    ("hwmode_def", "def_full", [None]),
    ("hwmode_def", "def_part", ["half", "even", "rand"]),
    ("hwmode_a", "a_all", ["half", "even", "rand"]),
    ("hwmode_a", "a_extra", ["half", "even"]),
    ("hwmode_a", "a_disjoint", ["rand"]),
    ("hwmode_b", "b_exit", ["half", "even", "rand"]),
    ("hwmode_b", "b_late", ["half", "rand"]),
    ("hwmode_c", "c_split", ["even", "rand"]),
    ("hwmode_c", "c_super", ["half", "rand"]),
    ("hwmode_c", "c_rand", [None]),
]
D_KINDS = [("hwmode_d", "d_inactive", ["half", "rand"]), ("hwmode_d", "d_outside", ["even", "rand"]),
           ("hwmode_d", "d_exited", ["half", "rand"])]
CROSS_KINDS = [("b_other", ["half", "even"]), ("b_site", ["half", "rand"]), ("b_mode", ["half"])]
HANG = [("b_join", "shfl.idx", "half"), ("b_join", "vote", "even"), ("b_join", "redux", "rand"),
        ("b_join", "match", "half"), ("b_join", "elect.sync", "even"), ("b_join", "bar.warp.sync", "half"),
        ("b_site_join", "shfl.bfly", "half"), ("b_iter", "vote", "half"), ("b_trip", "shfl.idx", "even"),
        ("b_spin", "bar.warp.sync", "half")]
AM = [("am_full", [None]), ("am_part", ["half", "even", "rand"]), ("am_exit", ["half", "rand"]),
      ("am_spin", ["half", "rand"]), ("am_wait", ["half", "rand"])]
MODULES = ["hwmode_def", "hwmode_a", "hwmode_b", "hwmode_c", "hwmode_d", "hwmode_am", "hwmode_cross", "hwmode_hang"]


def matrix():
    tests = []
    for module, kind, pats in MAIN_KINDS:
        for g in MAIN_GROUPS:
            for p in pats:
                tests.append(build(kind, g, p, module))
    for module, kind, pats in D_KINDS:
        for g in [x for x in MAIN_GROUPS if x.startswith("shfl.")]:
            for p in pats:
                # .up reads lower lanes: with P = the low half no source could lie in Q
                tests.append(build(kind, g, "hi" if (g, p) == ("shfl.up", "half") else p, module))
    for kind, p in [(k, p) for k, ps in AM for p in ps]:
        tests.append(build_am(kind, p))
    for kind, pats in CROSS_KINDS:
        for g in MAIN_GROUPS:
            if kind == "b_mode" and mode_variant(g) is None:
                continue
            for p in pats:
                tests.append(build(kind, g, p, "hwmode_cross"))
    for kind, g, p in HANG:
        tests.append(build_hang(kind, g, p))
    return tests


# ---------------------------------------------------------------------------
COMMON = r"""// Written by gen.py: helpers shared by every hwmode_*.cu kernel.
#pragma once
typedef unsigned int u32;
typedef unsigned long long u64;

static __device__ __forceinline__ u32 hwm_lane() { u32 l; asm volatile("mov.u32 %0, %%laneid;" : "=r"(l)); return l; }
// Makes v a value computed here, before any branch: every lane holds it in a register.
static __device__ __forceinline__ u32 hwm_pin(u32 v) { asm volatile("mov.b32 %0, %0;" : "+r"(v)); return v; }
static __device__ __forceinline__ u64 hwm_gtimer() { u64 t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) : : "memory"); return t; }
static __device__ __forceinline__ void hwm_spin(u32 ns) {
  const u64 t0 = hwm_gtimer();
  while (hwm_gtimer() - t0 < (u64)ns) { }
}

// A lane records that it reached site S: reach marker, order ticket, activemask.
#define HWM_MARK(S, RR, RO, RA)                                                     \
  do {                                                                              \
    u32 am_;                                                                        \
    asm volatile("// hwm M" #S "\n\tactivemask.b32 %0;" : "=r"(am_) : : "memory");  \
    const u32 t_ = atomicAdd(&hwm_ctr, 1u);                                         \
    out[(RR) * 32 + lane] = 0x52450000u | ((u32)(S) << 8) | lane;                   \
    out[(RO) * 32 + lane] = t_;                                                     \
    out[(RA) * 32 + lane] = am_;                                                    \
  } while (0)

// The watchdog (thread 32 of the 64-thread kernels): waits until all 32 lanes of
// warp 0 have finished (returned or reached the end); if that takes longer than
// deadline ns, traps, so a hang costs a launch error instead of a timeout.
static __device__ __noinline__ void hwm_watchdog(u32 deadline, volatile u32* fin, u32* word) {
  const u64 t0 = hwm_gtimer();
  while (*fin < 32u) {
    if (hwm_gtimer() - t0 > (u64)deadline) asm volatile("trap;");
  }
  *word = 0x600D0000u | *fin;
}
"""


def kernel_source(kb):
    L = []
    L.append("// %s" % kb.note)
    L.append('extern "C" __global__ void %s(const u32* in, u32* out) {' % kb.name)
    L.append("  __shared__ u32 hwm_ctr;")
    if kb.uses_buf:
        L.append("  __shared__ u32 hwm_buf[32];")
    if kb.watchdog:
        L.append("  __shared__ u32 hwm_fin;")
    if kb.uses_stop:
        L.append("  __shared__ u32 hwm_stop;")
    L.append("  const u32 lane = hwm_lane();")
    if kb.uses_buf:
        L.append("  volatile u32* const vbuf = hwm_buf;")
    if kb.watchdog:
        L.append("  if (threadIdx.x == 0) { hwm_ctr = 0u; hwm_fin = 0u;%s }" % (" hwm_stop = 0u;" if kb.uses_stop else ""))
        if kb.uses_buf:
            L.append("  if (threadIdx.x < 32) hwm_buf[threadIdx.x] = 0xB0000000u | threadIdx.x;")
        L.append("  __syncthreads();")
        L.append("  if (threadIdx.x >= 32) {")
        L.append("    if (threadIdx.x == 32) hwm_watchdog(in[65], &hwm_fin, out + %d);" % (len(kb.out_rows) * 32))
        L.append("    return;")
        L.append("  }")
    else:
        L.append("  if (lane == 0) hwm_ctr = 0u;")
        if kb.uses_buf:
            L.append("  hwm_buf[lane] = 0xB0000000u | lane;")
        L.append('  asm volatile("// hwm init\\n\\tbar.warp.sync 0xffffffff;" : : : "memory");')
    L.append("  const u32 sel = hwm_pin(in[lane]);")
    if kb.uses_hm:
        L.append("  const u32 hm = hwm_pin(in[32 + lane]);")
    for var, row in kb.pins:
        L.append("  const u32 %s = hwm_pin(in[%d + lane]);  // %s" % (var, row * 32, kb.in_rows[row][0]))
    if kb.watchdog:
        L.append("#define HWM_EXIT() do { atomicAdd(&hwm_fin, 1u); return; } while (0)")
    else:
        L.append("#define HWM_EXIT() return")
    L += kb.body
    if kb.watchdog:
        L.append("  atomicAdd(&hwm_fin, 1u);")
    L.append("#undef HWM_EXIT")
    L.append("}")
    return "\n".join(L) + "\n"


def out_size(kb):
    return len(kb.out_rows) * 32 + (1 if kb.watchdog else 0)


def in_words(kb):
    w = []
    for _, words in kb.in_rows:
        w += words
    return w


def public_site(s):
    return {k: v for k, v in s.items() if not k.startswith("_")}


def case_entry(kb):
    P = PATTERNS[kb.pattern] if kb.pattern else None
    return dict(
        name=kb.name, module=kb.module, instruction=GROUP_INSTR[kb.group], group=kb.group,
        modifiers=modifiers(kb), kind=kb.kind, misuse=kb.misuse, isa=kb.isa,
        pattern=kb.pattern, P=hx(P) if P is not None else None, Q=hx(~P) if P is not None else None,
        block=kb.block, grid=1, runs=RUNS, watchdog=kb.watchdog, note=kb.note,
        in_words=32 * len(kb.in_rows), out_words=out_size(kb),
        in_rows=[dict(row=r, words=[32 * r, 32 * r + 32], what=w) for r, (w, _) in enumerate(kb.in_rows)],
        out_rows=[dict(row=r, words=[32 * r, 32 * r + 32], site=o["site"], what=o["what"])
                  for r, o in enumerate(kb.out_rows)],
        watchdog_word=(len(kb.out_rows) * 32 if kb.watchdog else None),
        sites=[public_site(s) for s in kb.sites],
    )


def write_all():
    tests = matrix()
    names = [t.name for t in tests]
    assert len(set(names)) == len(names)
    with open(os.path.join(HERE, "hwmode_common.cuh"), "w") as f:
        f.write(COMMON)
    for mod in MODULES:
        mt = [t for t in tests if t.module == mod]
        src = ["// Written by gen.py (tests/data/hwmode): hardware-mode matrix, module %s." % mod,
               "// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx %s.cu -o %s.ptx" % (mod, mod),
               "// Layouts (in/out rows, sites) are in cases.json.",
               '#include "hwmode_common.cuh"', ""]
        for t in mt:
            src.append(kernel_source(t))
        with open(os.path.join(HERE, mod + ".cu"), "w") as f:
            f.write("\n".join(src))
        plan = Plan()
        for t in mt:
            plan.add(t.name, in_words(t), sentinel(out_size(t)), grid=1, block=t.block, runs=RUNS, note=t.note)
        plan.write(os.path.join(HERE, mod + ".plan"))
    cases = dict(
        format=1,
        generator="tests/data/hwmode/gen.py",
        runs=RUNS,
        patterns={k: hx(v) for k, v in PATTERNS.items()},
        constants=dict(spin_ns=SPIN_NS, deadline_ns=DEADLINE_NS, reach_marker="0x5245SSLL (SS site, LL lane)",
                       sentinel="0xcdcd0000 | word index", watchdog_ok="0x600D0020 (32 lanes finished)",
                       buf_init="0xB00000LL", buf_site="0xB1SS00LL", buf_spin="0xB20000LL"),
        kinds={k: dict(misuse=v[0], isa=v[1]) for k, v in KIND_INFO.items()},
        modules={m: dict(cu=m + ".cu", ptx=m + ".ptx", plan=m + ".plan",
                         tests=[t.name for t in tests if t.module == m]) for m in MODULES},
        tests=[case_entry(t) for t in tests],
    )
    text = json.dumps(cases, indent=1)
    # one line per array of scalars (rows of 32 lanes), so the file stays readable
    text = re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    with open(os.path.join(HERE, "cases.json"), "w") as f:
        f.write(text + "\n")
    write_readme(tests)
    return tests


# ---------------------------------------------------------------------------
# PTX structure check.
def entry_body(ptx, name):
    m = re.search(r"\.entry %s\(" % re.escape(name), ptx)
    if not m:
        return None
    i = ptx.index("\n{\n", m.end())
    j = ptx.index("\n}\n", i)
    return ptx[i + 3:j].split("\n")


def blocks_of(lines):
    """Basic blocks: list of (label, [lines], successors)."""
    blocks = []
    cur = dict(label=None, lines=[], succ=[], fall=True)
    blocks.append(cur)

    def new(label):
        nonlocal cur
        cur = dict(label=label, lines=[], succ=[], fall=True)
        blocks.append(cur)

    for raw in lines:
        s = raw.strip()
        lab = re.match(r"^(\$[\w]+):$", s)
        if lab:
            new(lab.group(1))
            continue
        cur["lines"].append(s)
        br = re.match(r"^(@!?%p\d+\s+)?bra(\.uni)?\s+(\$[\w]+);", s)
        if br:
            cur["succ"].append(br.group(3))
            cur["fall"] = bool(br.group(1))
            new(None)
        elif re.match(r"^(@!?%p\d+\s+)?ret;", s) or s.startswith("trap;") or s.startswith("exit;"):
            cur["fall"] = bool(re.match(r"^@", s))
            new(None)
    index = {b["label"]: k for k, b in enumerate(blocks) if b["label"]}
    for k, b in enumerate(blocks):
        succ = [index[x] for x in b["succ"]]
        if b["fall"] and k + 1 < len(blocks):
            succ.append(k + 1)
        b["succ_idx"] = succ
    return blocks


def check_ptx():
    cases = json.load(open(os.path.join(HERE, "cases.json")))
    tests = {t["name"]: t for t in cases["tests"]}
    bad = 0
    gen = {t.name: t for t in matrix()}
    for mod in MODULES:
        ptx = open(os.path.join(HERE, mod + ".ptx")).read()
        for name in cases["modules"][mod]["tests"]:
            t, kb = tests[name], gen[name]
            lines = entry_body(ptx, name)
            if lines is None:
                print("%s: entry missing" % name)
                bad += 1
                continue
            blocks = blocks_of(lines)
            where = {}
            for bi, b in enumerate(blocks):
                for li, s in enumerate(b["lines"]):
                    m = re.match(r"^// hwm ([SM]\d+)$", s)
                    if m:
                        where.setdefault(m.group(1), []).append((bi, li))
            for s in t["sites"]:
                want = (["S%d" % s["site"]] if s["kind"] == "collective" else []) + ["M%d" % s["site"]]
                for tg in want:
                    n = len(where.get(tg, []))
                    if n != 1:
                        print("%s: tag %s appears %d times" % (name, tg, n))
                        bad += 1
                if s["kind"] == "collective" and len(where.get("S%d" % s["site"], [])) == 1:
                    bi, li = where["S%d" % s["site"]][0]
                    nxt = blocks[bi]["lines"][li + 1]
                    mnem = s["instr"].split(" ")[0]
                    if mnem not in nxt:
                        print("%s: site %d is not %s: %s" % (name, s["site"], mnem, nxt))
                        bad += 1
            reach = {}

            def reachable(a, b):
                (ba, la), (bb, lb) = where[a][0], where[b][0]
                if ba == bb and la < lb:
                    return True
                if (ba, bb) not in reach:
                    seen, stack = set(), list(blocks[ba]["succ_idx"])
                    while stack:
                        k = stack.pop()
                        if k in seen:
                            continue
                        seen.add(k)
                        stack += blocks[k]["succ_idx"]
                    reach[(ba, bb)] = bb in seen
                return reach[(ba, bb)]

            for rel, a, b in kb.checks:
                if a not in where or b not in where:
                    continue
                if rel == "excl" and (reachable(a, b) or reachable(b, a)):
                    print("%s: %s and %s are not on exclusive paths" % (name, a, b))
                    bad += 1
                if rel == "before" and not reachable(a, b):
                    print("%s: %s does not lead to %s" % (name, a, b))
                    bad += 1
            for group in kb.straight:
                bs = {where[g][0][0] for g in group if g in where}
                if len(bs) > 1:
                    print("%s: sites %s are not straight-line code (blocks %s)" % (name, group, sorted(bs)))
                    bad += 1
    print("PTX structure: %d tests, %d problems" % (len(tests), bad))
    return bad == 0


# ---------------------------------------------------------------------------
def write_readme(tests):
    from collections import OrderedDict
    groups = MAIN_GROUPS + ["activemask"]
    kinds = OrderedDict()
    for t in tests:
        kinds.setdefault(t.kind, None)
    count = {}
    for t in tests:
        count[(t.group, t.kind)] = count.get((t.group, t.kind), 0) + 1
    letters = ["control", "a", "b", "c", "d"]
    byl = {}
    for t in tests:
        byl[(t.group, t.misuse)] = byl.get((t.group, t.misuse), 0) + 1
    head = "| instruction | " + " | ".join(letters) + " | total |"
    sep = "| --- |" + " --- |" * (len(letters) + 1)
    rows = []
    for g in groups:
        n = [byl.get((g, c), 0) for c in letters]
        rows.append("| %s | " % g + " | ".join(str(x) if x else "" for x in n) + " | %d |" % sum(n))
    tot = [sum(byl.get((g, c), 0) for g in groups) for c in letters]
    rows.append("| **all** | " + " | ".join(str(x) for x in tot) + " | **%d** |" % sum(tot))
    gshort = ["idx", "up", "down", "bfly", "vote", "match", "redux", "bar.warp", "elect", "activemask"]
    head2 = "| kind | misuse | module | " + " | ".join(gshort) + " | total |"
    sep2 = "| --- | --- | --- |" + " --- |" * (len(gshort) + 1)
    rows2 = []
    for k in kinds:
        n = [count.get((g, k), 0) for g in groups]
        mod = sorted({t.module for t in tests if t.kind == k})
        rows2.append("| `%s` | %s | %s | " % (k, KIND_INFO[k][0], ", ".join(mod)) +
                     " | ".join(str(x) if x else "" for x in n) + " | %d |" % sum(n))
    permod = "\n".join("| `%s` | %d | %s |" % (m, len([t for t in tests if t.module == m]),
                                               "64 (watchdog)" if m in ("hwmode_cross", "hwmode_hang") else "32")
                       for m in MODULES)
    kind_rows = "\n".join("| `%s` | %s | %s |" % (k, v[0], v[1]) for k, v in KIND_INFO.items() if k in kinds)
    hang_rows = "\n".join("| `%s` | %s |" % (t.name, KIND_INFO[t.kind][1]) for t in tests if t.module == "hwmode_hang")
    text = README.format(
        ntests=len(tests), table="\n".join([head, sep] + rows), table2="\n".join([head2, sep2] + rows2), permod=permod, kinds=kind_rows, hang=hang_rows,
        half=hx(PATTERNS["half"]), even=hx(PATTERNS["even"]), rand=hx(PATTERNS["rand"]),
        randq=hx(~PATTERNS["rand"]), randn=popcount(PATTERNS["rand"]), spin=SPIN_NS, deadline=DEADLINE_NS)
    with open(os.path.join(HERE, "README.md"), "w") as f:
        f.write(text)


README = """# Hardware-mode matrix: what an H100 does where a warp collective is undefined

Written by `gen.py` (this file too); `build.sh` regenerates everything, compiles the
PTX and checks it. Nothing here is edited by hand.

warpscope's hardware mode promises to go on as an NVIDIA H100 does where the PTX ISA
says a warp collective's behaviour is undefined. These {ntests} small kernels measure
that: every misuse the ISA rules out, per instruction and lane pattern, plus defined
controls, recorded with `tests/hwrec` (5 runs per test, to see nondeterminism).

## Files

| file | what |
| --- | --- |
| `gen.py` | writes everything below; `gen.py --check` checks the compiled PTX |
| `build.sh` | regenerate, compile (`nvcc -O3 -std=c++17 -arch=sm_90a -ptx`), `ptxas -arch=sm_90a`, PTX check, recorder build and `--list` check |
| `hwmode_common.cuh` | helpers shared by the kernels (`HWM_MARK`, spin, watchdog) |
| `hwmode_*.cu` / `.ptx` / `.plan` | one module each (below) |
| `cases.json` | every test: instruction, modifiers, misuse kind, pattern, ISA status, in/out row layout, sites (with the shfl sources the ISA formula gives) |

Record on the GPU machine (module per process, as `tests/hwrec/README.md` says):

    bash tests/hwrec/record.sh /tmp/rec tests/data/hwmode

## Modules

| module | tests | block |
| --- | --- | --- |
{permod}

Grid 1 everywhere. `hwmode_cross` and `hwmode_hang` run 64 threads: warp 0 is the
test, thread 32 a watchdog that waits until all 32 lanes of warp 0 have finished
(every `return` path counts itself) and executes `trap` if that takes longer than
in[65] = {deadline} ns. A hang then costs a launch error (the recorder exits 2, and
`record.sh` re-runs that module one test per process, where only the hanging test
fails again) instead of the 120 s module timeout plus 30 s per test. A test missing
from the JSON with rc=2 in `summary.txt` (`unspecified launch failure`) = warp 0 did
not finish in time = the hardware hung there. When the watchdog saw warp 0 finish it
writes `0x600D0020` to the last out word.

Why two watchdog modules: `hwmode_hang` holds the 10 cases where lanes of the
membermask are alive but never come (they wait at the join, are in another loop
iteration, or spin), which may well hang. `hwmode_cross` holds the cases where those
lanes sit at a *different* collective (`b_other`, `b_mode`, `b_site`): they should
not hang (sm_70+ matches warp-synchronous instructions across call sites; the CUDA
guide shows if/else `__shfl_xor_sync(FULL)` as valid), but if they do, the watchdog
keeps the cost to a fraction of a second. The five block-32 modules contain no case
where a lane waits for a live lane that never executes a collective.

## Lane patterns

P = the lanes whose `sel` input (in row 0) is non-zero; Q = ~P.

| pattern | P | Q |
| --- | --- | --- |
| half | {half} | 0xffff0000 |
| even | {even} | 0xaaaaaaaa |
| rand | {rand} ({randn} lanes, fixed seed, lane 0 not in it, lane 31 in it) | {randq} |
| hi | 0xffff0000 (only the `d_*` kinds of shfl.up, whose sources are lower lanes) | 0x0000ffff |

## The matrix

Rows: instruction (shfl by mode); columns: misuse kind; cells: number of tests.

{table}

By kind (rows) and instruction (columns; idx/up/down/bfly = shfl.sync modes):

{table2}

Sites per test: shfl 3 (per mode: see `modifiers` in `cases.json`, e.g. `.idx` with a
per-lane register b and c = 0x1f, immediate b = 0 and c = 0x1f, register b and
c = 0x181f (width-8 segments); `.up` 1/0x0, register/0x0, 2/0x1c00; `.down` 1/0x1f,
register/0x1f, 2/0x0f (clamp at lane 15, no segments); `.bfly` 16/0x1f, register/0x1f,
1/0x1c1f (width-4 segments)); vote 4 (.all .any .uni .ballot); match 4 (.any/.all x
.b32/.b64); redux 9 (add/min/max .u32/.s32, and/or/xor .b32: every form sm_90 has;
.f32 needs sm_100a); bar.warp.sync 2; elect.sync 2 (d|p and _|p); activemask 1-3.
The hang module uses one site per test (shfl .idx register b, vote .ballot, match
.any.b32, redux .add.u32, elect d|p, bar.warp.sync; shfl .bfly 16 in `b_site_join`).

## Kinds

| kind | misuse | case (ISA status) |
| --- | --- | --- |
{kinds}

`a`: executing lanes not in their own membermask. `b`: membermask lanes that never
arrive (exited, spinning, at another collective, another call site of the same one,
another loop iteration, the join). `c`: lanes passing different masks. `d` (shfl):
sources inactive, outside the reader's mask, or exited. `control`: defined.

## Hang module

| test | case |
| --- | --- |
{hang}

## Layout

Every test's entry is `extern "C" __global__ void NAME(const u32* in, u32* out)`.

in (32-word rows): row 0 `sel` (1 = lane in P), row 1 per-lane membermask (the `c_*`
and `d_outside` kinds; else zeros), row 2 control words (in[64] = spin time {spin} ns,
in[65] = watchdog deadline), rows 3.. the operands of the sites in order (each
`cases.json` `in_rows` entry names its site).

out: `sentinel(n)` initially (0xcdcd0000 | index); every site owns rows `reach`,
`order`, `am` and then its outputs, one word per lane (word = row * 32 + lane):
- `reach` = 0x5245SSLL (SS = site, LL = lane), written right after the collective:
  the sentinel means the lane never got past that point;
- `order` = ticket from one shared atomic counter: the order in which lanes got there
  (lanes of one converged group get consecutive tickets in lane order);
- `am` = activemask.b32 right after the collective;
- outputs: shfl `d`, `p`; vote `d` (0/1, ballot: the mask); match.any `d`; match.all
  `d`, `p`; redux `d`; elect `d`, `p` (sink form: `p`); bar.warp.sync `nb1` =
  buf[(lane+1)&31] and `nb16` = buf[lane^16] read after it (each lane writes
  buf[lane] = 0xB1SS00LL before it; buf starts as 0xB00000LL; spinning lanes write
  0xB20000LL when done); activemask `d`.
Mark sites (no collective) have only `reach`, `order`, `am`. Loop sites (hang module)
have one row set per iteration (`what` = `d[it1]` ...).

Data is designed so that the outputs show which lanes were counted: redux add.u32/or
use 1 << lane and and uses ~(1 << lane) (the result is the set of lanes reduced);
vote .all/.uni predicates are true on the focus lanes and mixed elsewhere, .any false
on them and mixed elsewhere; match.all values are equal on the focus lanes and not
elsewhere (.b64: equal low words, different high words); shfl `a` = 0xS LL xxxxx
(site nibble, lane in bits 20..24), so `d` names the lane it came from and 0 is never
a real value. shfl register b: random for misuse kinds, sources in the other group for
the `d_*` kinds, sources inside the group for the defined controls (which also pick
immediate b/c per pattern so that no source leaves the group; `cases.json` has the b
and c actually used and the source lane and p the ISA formula gives for every lane).

## PTX checks (`gen.py --check`, run by build.sh)

Every collective asm carries a comment `// hwm S<n>` and every mark `// hwm M<n>`.
For each test the check finds the entry in the PTX, requires each tag exactly once
(no duplication by unrolling or tail merging), requires the instruction after each
`S` tag to be the one meant, and on the PTX control-flow graph requires: sites of P
and of Q on mutually unreachable paths (the collective sits inside the branch meant,
the other side does what it should), the join reachable from both sides, and the
sites of one side in one basic block (straight-line code). The loop cases of the hang
module are checked for tags only.
"""


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        sys.exit(0 if check_ptx() else 1)
    ts = write_all()
    print("%d tests" % len(ts))
