"""tc_ldst: ldmatrix, stmatrix and movmatrix (m8n8, .b16), every form ptxas accepts for sm_90a.

ldmatrix entries (block 128 = 4 warps, grid 1):
  in   [0, 1024)     shared-memory image, copied to __shared__ u32 sm[1024] by the block:
                     256 rows ("slots") of 16 bytes; the b16 element at slot s, column c
                     holds (s << 8) | c
       [1024, 1152)  row byte offsets into sm, [warp][lane]: lane 8m+r gives the address
                     of row r of matrix m (x1: lanes 0-7 used, x2: 0-15, x4: all)
  out  [warp][lane][reg]  the destination registers (x1: 1, x2: 2, x4: 4 per lane)
  Each warp has its own address table: 0 contiguous rows, 1 a random permutation of
  slots, 2 a padded pitch (slot 3*lane+1, 48-byte row pitch), 3 irregular rows with
  repeats (several lanes naming the same row).

stmatrix entries (block 128, grid 1):
  in   [0, 1024)     initial shared memory (0xEE000000 | word index), 4 regions of 1 KB,
                     region w belongs to warp w
       [1024, 1152)  row byte offsets inside the warp's region, [warp][lane] (no repeats)
       [1152, ...)   source registers, [warp][lane][reg]; the b16 halves hold
                     (w << 12) | (m << 8) | (lane << 1) | half  (m = register = matrix)
  out  [0, 1024)     the whole shared memory after the stores
  Tables: 0 contiguous, 1 random distinct rows, 2 every other row (32-byte pitch),
  3 random distinct rows.

movmatrix entry (block 128, grid 1):
  in/out [warp][lane] one register each; warp 0 holds element (r, c) = (r << 8) | c,
  warps 1-3 random halves.
"""
import os

from plan import Plan, Rng, seed_of, sentinel

SMEM_WORDS = 1024
NUMS = (("x1", 1), ("x2", 2), ("x4", 4))
SPACES = ((".shared", ""), (".shared::cta", "_cta"), ("", "_generic"))


def _tables_ld(rng):
    t0 = [l * 16 for l in range(32)]
    slots = list(range(256))
    for i in range(255, 0, -1):
        j = rng.next() % (i + 1)
        slots[i], slots[j] = slots[j], slots[i]
    t1 = [s * 16 for s in slots[:32]]
    t2 = [(3 * l + 1) * 16 for l in range(32)]
    t3 = [(rng.next() % 24 + 100) * 16 for _ in range(32)]
    t3[5] = t3[2]
    t3[12] = t3[3]  # guaranteed repeats
    t3[20] = t3[19]
    return [t0, t1, t2, t3]


def _tables_st(rng):
    t0 = [l * 16 for l in range(32)]

    def distinct():
        slots = list(range(64))
        for i in range(63, 0, -1):
            j = rng.next() % (i + 1)
            slots[i], slots[j] = slots[j], slots[i]
        return [s * 16 for s in slots[:32]]

    return [t0, distinct(), [2 * l * 16 for l in range(32)], distinct()]


def _smem_ld():
    words = []
    for s in range(256):
        for cw in range(4):
            words.append(((s << 8) | (2 * cw)) | (((s << 8) | (2 * cw + 1)) << 16))
    return words


def _half(words, byte_off, col):
    w = words[(byte_off >> 2) + (col >> 1)]
    return (w >> (16 * (col & 1))) & 0xFFFF


def _expect_ld(smem, tables, nmat, trans):
    out = []
    for w in range(4):
        tb = tables[w]
        for lane in range(32):
            for m in range(nmat):
                if not trans:
                    row = tb[m * 8 + lane // 4]
                    lo, hi = _half(smem, row, 2 * (lane % 4)), _half(smem, row, 2 * (lane % 4) + 1)
                else:
                    lo = _half(smem, tb[m * 8 + 2 * (lane % 4)], lane // 4)
                    hi = _half(smem, tb[m * 8 + 2 * (lane % 4) + 1], lane // 4)
                out.append(lo | (hi << 16))
    return out


def _expect_st(init, tables, regs, nmat, trans):
    mem = list(init)

    def store(byte_off, col, v):
        wi = (byte_off >> 2) + (col >> 1)
        sh = 16 * (col & 1)
        mem[wi] = (mem[wi] & ~(0xFFFF << sh) & 0xFFFFFFFF) | (v << sh)

    for w in range(4):
        base = w * 1024
        tb = tables[w]
        for lane in range(32):
            for m in range(nmat):
                v = regs[(w * 32 + lane) * nmat + m]
                for j in range(2):
                    half = (v >> (16 * j)) & 0xFFFF
                    if not trans:
                        store(base + tb[m * 8 + lane // 4], 2 * (lane % 4) + j, half)
                    else:
                        store(base + tb[m * 8 + 2 * (lane % 4) + j], lane // 4, half)
    return mem


LD_TEMPLATE = r"""// {form}
extern "C" __global__ void {name}(const u32* in, u32* out) {{
  __shared__ __align__(128) u32 sm[1024];
  const u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  for (u32 i = threadIdx.x; i < 1024; i += blockDim.x) sm[i] = in[i];
  __syncthreads();
  const u32 off = in[1024 + w * 32 + lane];  // byte offset of the row this lane names
  u32 r[{n}];
{addr}  asm volatile("{form} {{{regs}}}, [%{argi}];"
               : {outs}
               : {addr_arg} : "memory");
  for (int k = 0; k < {n}; ++k) out[(w * 32 + lane) * {n} + k] = r[k];
}}

"""

ST_TEMPLATE = r"""// {form}
extern "C" __global__ void {name}(const u32* in, u32* out) {{
  __shared__ __align__(128) u32 sm[1024];
  const u32 lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  for (u32 i = threadIdx.x; i < 1024; i += blockDim.x) sm[i] = in[i];
  __syncthreads();
  const u32 off = w * 1024 + in[1024 + w * 32 + lane];  // the warp's 1 KB region + row offset
  u32 r[{n}];
  for (int k = 0; k < {n}; ++k) r[k] = in[1152 + (w * 32 + lane) * {n} + k];
{addr}  asm volatile("{form} [%0], {{{regs}}};"
               :
               : {addr_arg}, {ins} : "memory");
  __syncthreads();
  for (u32 i = threadIdx.x; i < 1024; i += blockDim.x) out[i] = sm[i];
}}

"""

MOV_TEMPLATE = r"""// movmatrix.sync.aligned.m8n8.trans.b16: lane l holds row l/4, columns 2(l%4), 2(l%4)+1 of
// an 8x8 b16 matrix and receives the same fragment of its transpose.
extern "C" __global__ void movmatrix_trans(const u32* in, u32* out) {
  const u32 i = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 a = in[i];
  u32 d;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(a));
  out[i] = d;
}

"""


def _addr(space):
    if space == "":
        return ("  const char* p = (const char*)sm + off;  // generic address into shared memory\n", '"l"(p)')
    return ("  const u32 p = (u32)__cvta_generic_to_shared(sm) + off;  // shared-window address\n", '"r"(p)')


def module(cases, expect, plans, header):
    from gen import accepted_forms
    from tcmma import COMMON
    forms = accepted_forms()
    plan = Plan()
    src = [header, "// ldmatrix / stmatrix / movmatrix corpus (see tcldst.py for the in/out layout).\n", COMMON, "\n"]
    entries = []
    exp = expect.setdefault("tc_ldst", {})
    smem = _smem_ld()
    for num, n in NUMS:
        for trans in (False, True):
            for space, suffix in SPACES:
                form = "ldmatrix.sync.aligned.m8n8.%s%s%s.b16" % (num, ".trans" if trans else "", space)
                if form not in forms:
                    continue
                name = "ldmatrix_%s%s%s" % (num, "_trans" if trans else "", suffix)
                tables = _tables_ld(Rng(seed_of(name)))
                addr, addr_arg = _addr(space)
                src.append(LD_TEMPLATE.format(form=form, name=name, n=n, addr=addr, addr_arg=addr_arg, argi=n,
                                              regs=",".join("%%%d" % k for k in range(n)),
                                              outs=", ".join('"=r"(r[%d])' % k for k in range(n))))
                inw = smem + [x for t in tables for x in t]
                plan.add(name, inw, sentinel(4 * 32 * n), block=128)
                exp[name] = _expect_ld(smem, tables, n, trans)
                entries.append(dict(name=name, kind="ldmatrix", forms=[form], grid=1, block=128, warps=4,
                                    matrices=n, trans=trans, space=space or "generic",
                                    **{"in": dict(smem_image=dict(offset=0, words=1024, doc="256 rows x 16 bytes; b16 at (slot s, column c) = (s << 8) | c"),
                                                  row_offsets=dict(offset=1024, words=128, layout="[warp][lane] byte offset into the image",
                                                                   tables=["contiguous", "random permutation", "padded pitch 48 B", "irregular with repeats"])),
                                       "out": dict(regs=dict(offset=0, words=128 * n, layout="[warp][lane][reg]"))},
                                    absolute_offsets=True))
    for num, n in NUMS:
        for trans in (False, True):
            for space, suffix in SPACES:
                form = "stmatrix.sync.aligned.m8n8.%s%s%s.b16" % (num, ".trans" if trans else "", space)
                if form not in forms:
                    continue
                name = "stmatrix_%s%s%s" % (num, "_trans" if trans else "", suffix)
                tables = _tables_st(Rng(seed_of(name)))
                init = [0xEE000000 | i for i in range(SMEM_WORDS)]
                regs = []
                for w in range(4):
                    for lane in range(32):
                        for m in range(n):
                            regs.append(sum((((w << 12) | (m << 8) | (lane << 1) | j) << (16 * j)) for j in range(2)))
                addr, addr_arg = _addr(space)
                src.append(ST_TEMPLATE.format(form=form, name=name, n=n, addr=addr, addr_arg=addr_arg,
                                              regs=",".join("%%%d" % (k + 1) for k in range(n)),
                                              ins=", ".join('"r"(r[%d])' % k for k in range(n))))
                inw = init + [x for t in tables for x in t] + regs
                plan.add(name, inw, sentinel(SMEM_WORDS), block=128)
                exp[name] = _expect_st(init, tables, regs, n, trans)
                entries.append(dict(name=name, kind="stmatrix", forms=[form], grid=1, block=128, warps=4,
                                    matrices=n, trans=trans, space=space or "generic",
                                    **{"in": dict(smem_init=dict(offset=0, words=1024, doc="0xEE000000 | word index; warp w owns words [256w, 256w+256)"),
                                                  row_offsets=dict(offset=1024, words=128, layout="[warp][lane] byte offset inside the warp's 1 KB region",
                                                                   tables=["contiguous", "random distinct", "32-byte pitch", "random distinct"]),
                                                  regs=dict(offset=1152, words=128 * n, layout="[warp][lane][reg]", doc="half j of reg m: (w<<12)|(m<<8)|(lane<<1)|j")),
                                       "out": dict(smem=dict(offset=0, words=1024, doc="shared memory after the stores"))},
                                    absolute_offsets=True))
    form = "movmatrix.sync.aligned.m8n8.trans.b16"
    if form in forms:
        rng = Rng(seed_of("movmatrix_trans"))
        inw = []
        for w in range(4):
            for lane in range(32):
                if w == 0:
                    r, c = lane // 4, 2 * (lane % 4)
                    inw.append(((r << 8) | c) | (((r << 8) | (c + 1)) << 16))
                else:
                    inw.append(rng.next())
        out = []
        for w in range(4):
            X = [[0] * 8 for _ in range(8)]
            for lane in range(32):
                v = inw[w * 32 + lane]
                X[lane // 4][2 * (lane % 4)] = v & 0xFFFF
                X[lane // 4][2 * (lane % 4) + 1] = v >> 16
            for lane in range(32):
                c = 2 * (lane % 4)
                out.append(X[c][lane // 4] | (X[c + 1][lane // 4] << 16))
        src.append(MOV_TEMPLATE)
        plan.add("movmatrix_trans", inw, sentinel(128), block=128)
        exp["movmatrix_trans"] = out
        entries.append(dict(name="movmatrix_trans", kind="movmatrix", forms=[form], grid=1, block=128, warps=4,
                            **{"in": dict(regs=dict(offset=0, words=128, layout="[warp][lane]", doc="warp 0: element (r,c) = (r<<8)|c; warps 1-3 random")),
                               "out": dict(regs=dict(offset=0, words=128, layout="[warp][lane]"))},
                            absolute_offsets=True))
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tc_ldst.cu"), "w") as f:
        f.write("".join(src))
    plans["tc_ldst"] = plan
    cases.append(dict(module="tc_ldst", source="tc_ldst.cu", ptx="tc_ldst.ptx", plan="tc_ldst.plan",
                      title="ldmatrix / stmatrix / movmatrix", doc=__doc__, entries=entries))
