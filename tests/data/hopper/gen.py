#!/usr/bin/env python3
"""Writes the Hopper corpus: tests/data/hopper/<case>/{kernel.cu, scenario.toml}
and the three lessons scenarios/<lesson>/{kernel.cu, scenario.toml}.
kernel.ptx comes from nvcc, the input files (*.json) from `./bin --inputs`
(make.sh), hw-h200.json from the H200 (record.sh)."""
import os, sys, textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
PRELUDE = open(os.path.join(HERE, 'prelude.cuh')).read()

DT = {'u8': 'UINT8', 'u16': 'UINT16', 'u32': 'UINT32', 's32': 'INT32', 'u64': 'UINT64', 's64': 'INT64',
      'f16': 'FLOAT16', 'f32': 'FLOAT32', 'f64': 'FLOAT64', 'bf16': 'BFLOAT16', 'f32_ftz': 'FLOAT32_FTZ',
      'tf32': 'TFLOAT32'}
SW = {'none': 'NONE', '32B': '32B', '64B': '64B', '128B': '128B'}

CASES = []


def In(name, words, gen):
    """An input buffer: host fills it with `gen` (C code on vector `v`), the scenario reads name.json."""
    return dict(kind='buf', name=name, words=words, gen=gen, file=True)


def Out(name, words, fill=0):
    return dict(kind='buf', name=name, words=words, fill=fill)


def Tmap(name, buf, dtype, dims, strides, box, swizzle='none', oob='zero', estr=None, words=None, gen=None, fill=None):
    return dict(kind='tmap', name=name, buf=buf, dtype=dtype, dims=dims, strides=strides, box=box, swizzle=swizzle,
                oob=oob, estr=estr, words=words, gen=gen, fill=fill)


def Im2col(name, buf, dtype, dims, strides, lower, upper, channels, pixels, words, gen):
    t = Tmap(name, buf, dtype, dims, strides, [], words=words, gen=gen)
    t['im2col'] = dict(lower=lower, upper=upper, channels=channels, pixels=pixels)
    return t


def Scalar(name, value):
    return dict(kind='scalar', name=name, value=value)


def case(name, title, params, body, block=128, grid=1, cluster=None, bounds=None, notes='', lesson=None):
    CASES.append(dict(name=name, title=title, params=params, body=body, block=block, grid=grid, cluster=cluster,
                      bounds=bounds, notes=notes, lesson=lesson))


# ---------------------------------------------------------------- wgmma emitters
def wgmma_asm(instr, nd, dcon, a_regs=False, tail='', scale_d='1u', dname='d', aname='a'):
    """Inline asm for one wgmma: D in registers dname[0..nd-1] (constraint dcon, "+f" or "+r"),
    A from descriptor da (or 4 registers aname[0..3]), B from descriptor db, scale-d from a runtime value."""
    ops = [f'%{i}' for i in range(nd)]
    n = nd
    if a_regs:
        aop = '{' + ', '.join(f'%{n + i}' for i in range(4)) + '}'
        n += 4
    else:
        aop = f'%{n}'
        n += 1
    bop = f'%{n}'
    n += 1
    sd = f'%{n}'
    dlist = ', '.join(ops)
    outs = ', '.join(f'"{dcon}"({dname}[{i}])' for i in range(nd))
    ins = (', '.join(f'"r"({aname}[{i}])' for i in range(4)) if a_regs else '"l"(da)') + ', "l"(db), "r"(' + scale_d + ')'
    t = (', ' + tail) if tail else ''
    return (f'asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, {sd}, 0;\\n"\n'
            f'      "{instr} {{{dlist}}}, {aop}, {bop}, p{t};\\n}}\\n"\n'
            f'      : {outs}\n      : {ins} : "memory");')


def wg_case(name, title, *, n, instr, nd, dkind, span, a_gen, b_gen, tail='1, 1, 0, 0', rows_b=None,
            kbytes=32, init=None, notes='', trans=False, extra_params=(), scale_d='1u'):
    """A = 64 x kbytes bytes, B = n x kbytes bytes, both row-major (K-major) in global; the warpgroup copies them
    into shared memory in the canonical layout of `span`, builds the descriptors, runs one wgmma, writes D raw:
    out[i * 128 + tid] = d[i]."""
    rows_b = rows_b or n
    a_words = 64 * kbytes // 4 if not trans else 16 * 128 // 4
    b_words = rows_b * kbytes // 4 if not trans else 16 * 128 // 4
    a_bytes_s = (64 if not trans else 16) * (span or kbytes) if not trans else 2048
    b_bytes_s = rows_b * (span or kbytes) if not trans else 2048
    if not trans:
        lbo_sbo_a = ('128', f'{(kbytes // 16) * 128}') if span == 0 else ('16', f'{8 * span}')
        lbo_sbo_b = lbo_sbo_a
        sw = {0: 0, 128: 1, 64: 2, 32: 3}[span]
        load = (f'  load_canonical(sA, a, 64, {kbytes}, {span}, tid);\n'
                f'  load_canonical(sB, b, {rows_b}, {kbytes}, {span}, tid);\n')
    else:
        # MN-major: global holds A^T (16 K-rows x 64 M) and B^T (16 K-rows x 64 N), one 128-byte swizzled row per k;
        # with M = N = 64 only the stride between 8-row groups of K (1024 bytes) matters.
        lbo_sbo_a = ('1024', '1024')
        lbo_sbo_b = lbo_sbo_a
        sw = 1
        load = ('  load_canonical(sA, a, 16, 128, 128, tid);\n'
                '  load_canonical(sB, b, 16, 128, 128, tid);\n')
    dtype = {'f32': 'float', 'u32': 'uint32_t'}[dkind]
    dcon = {'f32': '+f', 'u32': '+r'}[dkind]
    bits = (lambda x: f'__float_as_uint({x})') if dkind == 'f32' else (lambda x: x)
    params = [In('a', a_words, a_gen), In('b', b_words, b_gen)]
    if init:
        params.append(In('c', nd * 128, init))
    params += list(extra_params)
    params.append(Out('out', nd * 128))
    if init:
        dinit = (f'  for (int i = 0; i < {nd}; ++i) d[i] = ' +
                 ('__uint_as_float(c[i * 128 + tid]);\n' if dkind == 'f32' else 'c[i * 128 + tid];\n'))
    else:
        dinit = f'  for (int i = 0; i < {nd}; ++i) d[i] = 0;\n'
    body = (f'  __shared__ __align__(1024) uint8_t sA[{a_bytes_s}];\n'
            f'  __shared__ __align__(1024) uint8_t sB[{b_bytes_s}];\n'
            '  const int tid = threadIdx.x;\n' + load +
            '  fence_proxy_async();  // the generic-proxy stores above, before wgmma reads smem through the async proxy\n'
            '  __syncthreads();\n'
            f'  const uint64_t da = make_desc(sA, {lbo_sbo_a[0]}, {lbo_sbo_a[1]}, {sw});\n'
            f'  const uint64_t db = make_desc(sB, {lbo_sbo_b[0]}, {lbo_sbo_b[1]}, {sw});\n'
            f'  {dtype} d[{nd}];\n' + dinit +
            '  wgmma_fence();\n  ' + wgmma_asm(instr, nd, dcon, tail=tail, scale_d=scale_d) + '\n'
            '  wgmma_commit();\n  wgmma_wait<0>();\n'
            f'  for (int i = 0; i < {nd}; ++i) out[i * 128 + tid] = {bits("d[i]")};\n')
    case(name, title, params, body, notes=notes)


F16 = 'gen_f16(v, {})'.format
BF16 = 'gen_bf16(v, {})'.format
# ---------------------------------------------------------------- wgmma cases
wg_case('wgmma-f16-m64n8k16-noswizzle', 'wgmma m64n8k16 f32 += f16 * f16, no swizzle',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16', nd=4, dkind='f32', span=0,
        a_gen=F16(101), b_gen=F16(102))
wg_case('wgmma-f16-m64n64k16-swizzle128', 'wgmma m64n64k16 f32 += f16 * f16, 128B swizzle',
        n=64, instr='wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16', nd=32, dkind='f32', span=128,
        a_gen=F16(111), b_gen=F16(112))
wg_case('wgmma-bf16-m64n32k16-swizzle64', 'wgmma m64n32k16 f32 += bf16 * bf16, 64B swizzle',
        n=32, instr='wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16', nd=16, dkind='f32', span=64,
        a_gen=BF16(121), b_gen=BF16(122))
wg_case('wgmma-f16-m64n16k16-swizzle32', 'wgmma m64n16k16 f32 += f16 * f16, 32B swizzle',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16', nd=8, dkind='f32', span=32,
        a_gen=F16(131), b_gen=F16(132))
wg_case('wgmma-f16-m64n16k16-f16-accumulate', 'wgmma m64n16k16 f16 += f16 * f16 (D packed f16x2), nonzero C',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k16.f16.f16.f16', nd=4, dkind='u32', span=0,
        a_gen=F16(141), b_gen=F16(142), init=F16(143))
wg_case('wgmma-f16-m64n64k16-transposed-ab', 'wgmma m64n64k16 f16 with imm-trans-a = imm-trans-b = 1 (MN-major A and B, 128B swizzle)',
        n=64, instr='wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16', nd=32, dkind='f32', span=128,
        a_gen=F16(151), b_gen=F16(152), trans=True, tail='1, 1, 1, 1')
wg_case('wgmma-bf16-m64n64k16-transposed-ab', 'wgmma m64n64k16 bf16 with imm-trans-a = imm-trans-b = 1 (MN-major, 128B swizzle)',
        n=64, instr='wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16', nd=32, dkind='f32', span=128,
        a_gen=BF16(161), b_gen=BF16(162), trans=True, tail='1, 1, 1, 1')
wg_case('wgmma-tf32-m64n8k8', 'wgmma m64n8k8 f32 += tf32 * tf32 (inputs exact in tf32)',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32', nd=4, dkind='f32', span=0,
        a_gen='gen_f32_tf32exact(v, 171)', b_gen='gen_f32_tf32exact(v, 172)', tail='1, 1')
wg_case('wgmma-tf32-m64n8k8-low-mantissa-bits', 'wgmma m64n8k8 tf32 with f32 inputs whose low 13 mantissa bits are set',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32', nd=4, dkind='f32', span=0,
        a_gen='gen_f32(v, 181); for (auto& w : v) w |= 0x1fffu', b_gen='gen_f32(v, 182)', tail='1, 1',
        notes='A: every low mantissa bit set (rounding would carry, truncation would not); B: random low bits.')
wg_case('wgmma-e4m3-m64n16k32-f32', 'wgmma m64n16k32 f32 += e4m3 * e4m3',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e4m3', nd=8, dkind='f32', span=0,
        a_gen='gen_e4m3(v, 191)', b_gen='gen_e4m3(v, 192)', tail='1, 1')
wg_case('wgmma-e5m2-m64n16k32-f16', 'wgmma m64n16k32 f16 += e5m2 * e5m2 (D packed f16x2)',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k32.f16.e5m2.e5m2', nd=4, dkind='u32', span=0,
        a_gen='gen_e5m2(v, 201)', b_gen='gen_e5m2(v, 202)', tail='1, 1')
wg_case('wgmma-e4m3-m64n16k32-f16', 'wgmma m64n16k32 f16 += e4m3 * e4m3 (D packed f16x2)',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k32.f16.e4m3.e4m3', nd=4, dkind='u32', span=0,
        a_gen='gen_e4m3(v, 205)', b_gen='gen_e4m3(v, 206)', tail='1, 1')
wg_case('wgmma-e5m2-e4m3-m64n8k32-f32', 'wgmma m64n8k32 f32 += e5m2 * e4m3 (mixed fp8)',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e4m3', nd=4, dkind='f32', span=0,
        a_gen='gen_e5m2(v, 207)', b_gen='gen_e4m3(v, 208)', tail='1, 1')
wg_case('wgmma-s8-m64n16k32', 'wgmma m64n16k32 s32 += s8 * s8',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k32.s32.s8.s8', nd=8, dkind='u32', span=0,
        a_gen='gen_bits(v, 211)', b_gen='gen_bits(v, 212)', tail='')
wg_case('wgmma-u8-s8-m64n16k32', 'wgmma m64n16k32 s32 += u8 * s8',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k32.s32.u8.s8', nd=8, dkind='u32', span=32,
        a_gen='gen_bits(v, 221)', b_gen='gen_bits(v, 222)', tail='')
wg_case('wgmma-u8-m64n8k32', 'wgmma m64n8k32 s32 += u8 * u8',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k32.s32.u8.u8', nd=4, dkind='u32', span=0,
        a_gen='gen_bits(v, 225)', b_gen='gen_bits(v, 226)', tail='')
SAT_INIT = ('gen_bits(v, 233); for (size_t i = 0; i < v.size(); ++i) '
            'v[i] = (i & 1) ? 0x7fffff00u + (v[i] & 0xff) : 0x80000100u - (v[i] & 0xff)')
wg_case('wgmma-s8-m64n8k32-satfinite', 'wgmma m64n8k32 s8 .satfinite, C near INT32_MAX / INT32_MIN',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8.satfinite', nd=4, dkind='u32', span=0,
        a_gen='gen_bits(v, 231)', b_gen='gen_bits(v, 232)', tail='', init=SAT_INIT,
        notes='C: odd registers 0x7fffff00 + x, even ones 0x80000100 - x (x < 256): the sums leave the s32 range.')
wg_case('wgmma-s8-m64n8k32-wrapping', 'wgmma m64n8k32 s8 without .satfinite, the same C near the s32 limits',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8', nd=4, dkind='u32', span=0,
        a_gen='gen_bits(v, 231)', b_gen='gen_bits(v, 232)', tail='', init=SAT_INIT)
wg_case('wgmma-b1-m64n8k256-and-popc', 'wgmma m64n8k256 s32 += popc(A & B), b1',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc', nd=4, dkind='u32', span=0,
        a_gen='gen_bits(v, 241)', b_gen='gen_bits(v, 242)', tail='', init='gen_range(v, 243, 0, 1000)')
wg_case('wgmma-scale-d-zero', 'wgmma with scale-d = 0 (from a scalar parameter): D = A*B, C ignored',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16', nd=8, dkind='f32', span=0,
        a_gen=F16(251), b_gen=F16(252), init='gen_f32(v, 253)', scale_d='scale_d',
        extra_params=[Scalar('scale_d', 0)])
wg_case('wgmma-scale-d-one', 'wgmma with scale-d = 1 (from a scalar parameter): D = A*B + C',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16', nd=8, dkind='f32', span=0,
        a_gen=F16(251), b_gen=F16(252), init='gen_f32(v, 253)', scale_d='scale_d',
        extra_params=[Scalar('scale_d', 1)])
wg_case('wgmma-imm-scale-a-negative', 'wgmma with imm-scale-a = -1: D = -A*B + C',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16', nd=8, dkind='f32', span=0,
        a_gen=F16(261), b_gen=F16(262), init='gen_f32(v, 263)', tail='-1, 1, 0, 0')
wg_case('wgmma-imm-scale-b-negative-bf16', 'wgmma bf16 with imm-scale-b = -1',
        n=8, instr='wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16', nd=4, dkind='f32', span=0,
        a_gen=BF16(265), b_gen=BF16(266), tail='1, -1, 0, 0')
wg_case('wgmma-f16-m64n256k16', 'wgmma m64n256k16 f32 += f16 * f16 (128 accumulator registers per thread)',
        n=256, instr='wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16', nd=128, dkind='f32', span=0,
        a_gen=F16(271), b_gen=F16(272))

# Values chosen for precision: per row r and column n, over k = 0..15,
# A[r][k] * B[n][k] are +2^12*x, tiny terms 2^-14..2^-10, and -2^12*x (cancel), so
# D depends on how many bits the accumulation keeps and in which order.
PREC_A = ('for (size_t i = 0; i < v.size(); ++i) { uint32_t h[2]; for (int j = 0; j < 2; ++j) { '
          'int k = (int)((i * 2 + j) % 16), r = (int)((i * 2 + j) / 16); '
          'h[j] = k == 0 ? 0x6400u + (r & 7) : k == 8 ? 0xE400u + (r & 7) : k % 4 == 1 ? 0x0400u + r * 37 : k % 4 == 2 ? 0x3C00u + (r & 3) * 0x155 : 0x1400u + r; } '
          'v[i] = h[0] | h[1] << 16; }')
PREC_B = ('for (size_t i = 0; i < v.size(); ++i) { uint32_t h[2]; for (int j = 0; j < 2; ++j) { '
          'int k = (int)((i * 2 + j) % 16), n = (int)((i * 2 + j) / 16); '
          'h[j] = k == 0 || k == 8 ? 0x6400u + n : k % 4 == 1 ? 0x7800u + n * 5 : k % 4 == 2 ? 0x0001u + n : 0x1000u + n * 3; } '
          'v[i] = h[0] | h[1] << 16; }')
wg_case('wgmma-f16-precision-f32-accumulate', 'wgmma f16 -> f32 with large, tiny and cancelling products',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16', nd=8, dkind='f32', span=0,
        a_gen=PREC_A, b_gen=PREC_B,
        notes='Per (row, column): k = 0 gives +1024*(1024+n) size terms, k = 8 the same negated (nearly cancelling), '
              'k = 1 mod 4 subnormal-times-large, k = 2 mod 4 about 1 times a subnormal, k = 3 mod 4 small times small.')
wg_case('wgmma-f16-precision-f16-accumulate', 'wgmma f16 -> f16 with large, tiny and cancelling products',
        n=16, instr='wgmma.mma_async.sync.aligned.m64n16k16.f16.f16.f16', nd=4, dkind='u32', span=0,
        a_gen=PREC_A, b_gen=PREC_B)

# A from registers: thread (warp w, lane l) holds rows 16w + l/4 (+8) and k pairs 2(l%4) (+8), as mma.m16n8k16.
case('wgmma-f16-m64n32k16-a-from-registers', 'wgmma m64n32k16 f16 with A in registers, B from a descriptor (no swizzle)',
     [In('a', 64 * 8, F16(281)), In('b', 32 * 8, F16(282)), Out('out', 16 * 128)],
     '  __shared__ __align__(1024) uint8_t sB[32 * 32];\n'
     '  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;\n'
     '  load_canonical(sB, b, 32, 32, 0, tid);\n'
     '  fence_proxy_async();\n  __syncthreads();\n'
     '  const int r0 = 16 * warp + lane / 4, kp = lane % 4;  // a row is 8 words (16 f16)\n'
     '  uint32_t a_[4] = {a[r0 * 8 + kp], a[(r0 + 8) * 8 + kp], a[r0 * 8 + 4 + kp], a[(r0 + 8) * 8 + 4 + kp]};\n'
     '  const uint64_t db = make_desc(sB, 128, 256, 0);\n'
     '  float d[16];\n  for (int i = 0; i < 16; ++i) d[i] = 0;\n'
     '  wgmma_fence();\n  ' +
     wgmma_asm('wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16', 16, '+f', a_regs=True, tail='1, 1, 0', aname='a_') + '\n'
     '  wgmma_commit();\n  wgmma_wait<0>();\n'
     '  for (int i = 0; i < 16; ++i) out[i * 128 + tid] = __float_as_uint(d[i]);\n')

# K = 64 as four k16 steps in one commit group: one 128B-swizzled row of 64 f16 per M/N row,
# the descriptor's start address advanced by 32 bytes per step (as CUTLASS does).
case('wgmma-f16-m64n32-k64-four-ksteps', 'wgmma K = 64: four m64n32k16 in one group, 128B swizzle, start address + 32 B per step',
     [In('a', 64 * 32, F16(291)), In('b', 32 * 32, F16(292)), Out('out', 16 * 128)],
     '  __shared__ __align__(1024) uint8_t sA[64 * 128];\n'
     '  __shared__ __align__(1024) uint8_t sB[32 * 128];\n'
     '  const int tid = threadIdx.x;\n'
     '  load_canonical(sA, a, 64, 128, 128, tid);\n'
     '  load_canonical(sB, b, 32, 128, 128, tid);\n'
     '  fence_proxy_async();\n  __syncthreads();\n'
     '  float d[16];\n  for (int i = 0; i < 16; ++i) d[i] = 0;\n'
     '  wgmma_fence();\n'
     '  #pragma unroll\n'
     '  for (int k = 0; k < 4; ++k) {\n'
     '    const uint64_t da = make_desc(sA + 32 * k, 16, 1024, 1);\n'
     '    const uint64_t db = make_desc(sB + 32 * k, 16, 1024, 1);\n    ' +
     wgmma_asm('wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16', 16, '+f', tail='1, 1, 0, 0') + '\n'
     '  }\n'
     '  wgmma_commit();\n  wgmma_wait<0>();\n'
     '  for (int i = 0; i < 16; ++i) out[i * 128 + tid] = __float_as_uint(d[i]);\n')

# Two commit groups: wait_group 1 lets the first finish while the second may still run.
case('wgmma-two-commit-groups', 'wgmma: two commit groups, wait_group 1 then wait_group 0',
     [In('a', 64 * 8, F16(301)), In('b', 16 * 8, F16(302)), In('b2', 16 * 8, F16(303)), Out('out', 16 * 128)],
     '  __shared__ __align__(1024) uint8_t sA[64 * 32];\n'
     '  __shared__ __align__(1024) uint8_t sB[16 * 32];\n'
     '  __shared__ __align__(1024) uint8_t sB2[16 * 32];\n'
     '  const int tid = threadIdx.x;\n'
     '  load_canonical(sA, a, 64, 32, 0, tid);\n'
     '  load_canonical(sB, b, 16, 32, 0, tid);\n'
     '  load_canonical(sB2, b2, 16, 32, 0, tid);\n'
     '  fence_proxy_async();\n  __syncthreads();\n'
     '  const uint64_t da = make_desc(sA, 128, 256, 0);\n'
     '  float d[8], e[8];\n  for (int i = 0; i < 8; ++i) d[i] = e[i] = 0;\n'
     '  wgmma_fence();\n'
     '  {\n    const uint64_t db = make_desc(sB, 128, 256, 0);\n    ' +
     wgmma_asm('wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16', 8, '+f', tail='1, 1, 0, 0') + '\n  }\n'
     '  wgmma_commit();\n'
     '  {\n    const uint64_t db = make_desc(sB2, 128, 256, 0);\n    ' +
     wgmma_asm('wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16', 8, '+f', tail='1, 1, 0, 0', dname='e') + '\n  }\n'
     '  wgmma_commit();\n'
     '  wgmma_wait<1>();  // the first group is complete: d may be read\n'
     '  for (int i = 0; i < 8; ++i) out[i * 128 + tid] = __float_as_uint(d[i]);\n'
     '  wgmma_wait<0>();\n'
     '  for (int i = 0; i < 8; ++i) out[(8 + i) * 128 + tid] = __float_as_uint(e[i]);\n')

# ---------------------------------------------------------------- TMA
TMA_HEAD = ('  __shared__ __align__(8) uint64_t bar;\n'
            '  if (threadIdx.x == 0) {\n    mbar_init(&bar, 1);\n    fence_mbarrier_init();\n  }\n'
            '  __syncthreads();\n')


def copy_out(tile, words, off=0, dst='out'):
    return (f'  for (int i = threadIdx.x; i < {words}; i += blockDim.x) {dst}[{off} + i] = '
            f'reinterpret_cast<const uint32_t*>({tile})[i];\n')


def tma_load_case(name, title, tmap, coords_list, tile_bytes, notes='', expect=None):
    """One mbarrier, one TMA load per coordinate tuple into consecutive tiles of tile_bytes, then every word out."""
    rank = len(tmap['dims'])
    n = len(coords_list)
    total = tile_bytes * n
    body = (f'  __shared__ __align__(1024) uint8_t tile[{total}];\n' + TMA_HEAD +
            '  if (threadIdx.x == 0) {\n'
            f'    mbar_arrive_expect_tx(&bar, {expect if expect is not None else total});\n')
    for i, c in enumerate(coords_list):
        body += f'    tma_load_{rank}d(tile + {i * tile_bytes}, &tmap_a, &bar, {", ".join(map(str, c))});\n'
    body += '  }\n  mbar_wait(&bar, 0);\n' + copy_out('tile', total // 4)
    case(name, title, [tmap, Out('out', total // 4)], body, notes=notes)


tma_load_case('tma-1d-load', 'TMA 1-D tile load (u32, box 64 at coordinate 32)',
              Tmap('tmap_a', 'a', 'u32', [256], [], [64], words=256, gen='gen_bits(v, 401)'), [(32,)], 256)
tma_load_case('tma-2d-load', 'TMA 2-D tile load (f16 64x32, box 16x8 at (16, 8))',
              Tmap('tmap_a', 'a', 'f16', [64, 32], [128], [16, 8], words=64 * 32 // 2, gen=F16(402)),
              [(16, 8)], 256)
tma_load_case('tma-3d-load', 'TMA 3-D tile load (u16 32x8x4, box 16x4x2 at (8, 2, 1))',
              Tmap('tmap_a', 'a', 'u16', [32, 8, 4], [64, 512], [16, 4, 2], words=32 * 8 * 4 // 2, gen='gen_iota(v, 0x00010000, 0x00020002)'),
              [(8, 2, 1)], 256)
tma_load_case('tma-4d-load', 'TMA 4-D tile load (u32 8x4x4x3, box 4x2x2x2 at (4, 1, 2, 1))',
              Tmap('tmap_a', 'a', 'u32', [8, 4, 4, 3], [32, 128, 512], [4, 2, 2, 2], words=8 * 4 * 4 * 3, gen='gen_iota(v, 0, 1)'),
              [(4, 1, 2, 1)], 128)
tma_load_case('tma-5d-load', 'TMA 5-D tile load (u8 32x3x3x2x2, box 16x2x2x1x2 at (16, 1, 1, 1, 0))',
              Tmap('tmap_a', 'a', 'u8', [32, 3, 3, 2, 2], [32, 96, 288, 576], [16, 2, 2, 1, 2], words=32 * 36 // 4,
                   gen='gen_bits(v, 405)'),
              [(16, 1, 1, 1, 0)], 128)
tma_load_case('tma-2d-swizzle-32b', 'TMA 2-D load with 32B swizzle (f32, box 8x8)',
              Tmap('tmap_a', 'a', 'f32', [64, 16], [256], [8, 8], swizzle='32B', words=64 * 16, gen='gen_iota(v, 0, 1)'),
              [(8, 4)], 256)
tma_load_case('tma-2d-swizzle-64b', 'TMA 2-D load with 64B swizzle (f16, box 32x16)',
              Tmap('tmap_a', 'a', 'f16', [64, 32], [128], [32, 16], swizzle='64B', words=64 * 32 // 2,
                   gen='gen_iota(v, 0x00010000, 0x00020002)'),
              [(32, 8)], 1024)
tma_load_case('tma-2d-swizzle-128b', 'TMA 2-D load with 128B swizzle (f32, box 32x16: two 8-row swizzle periods)',
              Tmap('tmap_a', 'a', 'f32', [64, 32], [256], [32, 16], swizzle='128B', words=64 * 32, gen='gen_iota(v, 0, 1)'),
              [(32, 8)], 2048)
tma_load_case('tma-oob-zero-fill', 'TMA 2-D loads partly outside the tensor: positive overflow and negative coordinates, zero fill',
              Tmap('tmap_a', 'a', 'f32', [20, 12], [80], [8, 8], words=20 * 12, gen='gen_f32(v, 409)'),
              [(16, 8), (-4, -3)], 256,
              notes='Box (16, 8): x 20..23 and y 12..15 are outside; box (-4, -3): x -4..-1, y -3..-1. '
                    'expect_tx counts the whole boxes (2 x 256 bytes).')
tma_load_case('tma-oob-box-entirely-outside', 'TMA 2-D loads of boxes entirely outside the tensor (zero fill)',
              Tmap('tmap_a', 'a', 'f32', [20, 12], [80], [8, 8], words=20 * 12, gen='gen_f32(v, 408)'),
              [(-8, 2), (24, 0), (4, 4)], 256,
              notes='Boxes (-8, 2) and (24, 0) hold no element of the tensor; (4, 4) is inside, for reference.')
tma_load_case('tma-coordinate-unaligned-x', 'TMA 2-D f32 load whose inner coordinate is not a multiple of 16 bytes (x = 3)',
              Tmap('tmap_a', 'a', 'f32', [32, 16], [128], [8, 8], words=32 * 16, gen='gen_iota(v, 0, 1)'),
              [(3, 1)], 256)
tma_load_case('tma-coordinate-unaligned-x-negative', 'TMA 2-D f32 load at a negative inner coordinate that is not a multiple of 16 bytes (x = -3)',
              Tmap('tmap_a', 'a', 'f32', [32, 16], [128], [8, 8], words=32 * 16, gen='gen_iota(v, 0, 1)'),
              [(-3, 1)], 256)
tma_load_case('tma-coordinate-unaligned-x-f16', 'TMA 2-D f16 load at x = 4 (8 bytes), inside the tensor',
              Tmap('tmap_a', 'a', 'f16', [64, 16], [128], [8, 8], words=64 * 16 // 2, gen='gen_iota(v, 0x00010000, 0x00020002)'),
              [(4, 1)], 128)
tma_load_case('tma-oob-nan-fill-f32', 'TMA 2-D f32 loads partly outside the tensor with oob_fill = nan',
              Tmap('tmap_a', 'a', 'f32', [20, 12], [80], [8, 8], oob='nan', words=20 * 12, gen='gen_f32(v, 410)'),
              [(16, 8), (-4, -3)], 256)
tma_load_case('tma-oob-nan-fill-f16', 'TMA 2-D f16 loads partly outside the tensor with oob_fill = nan',
              Tmap('tmap_a', 'a', 'f16', [20, 12], [48], [8, 8], oob='nan', words=12 * 48 // 4, gen=F16(411)),
              [(16, 8), (-8, -3)], 128)
tma_load_case('tma-oob-nan-fill-bf16', 'TMA 2-D bf16 loads partly outside the tensor with oob_fill = nan',
              Tmap('tmap_a', 'a', 'bf16', [20, 12], [48], [8, 8], oob='nan', words=12 * 48 // 4, gen=BF16(412)),
              [(16, 8)], 128)
case('tma-element-strides-2', 'TMA 2-D load with element_strides = [2, 2], box 16x8, into a sentinel-filled tile',
     [Tmap('tmap_a', 'a', 'u32', [32, 16], [128], [16, 8], estr=[2, 2], words=32 * 16, gen='gen_iota(v, 0, 1)'),
      Out('out', 256)],
     '  __shared__ __align__(1024) uint32_t tile[256];\n'
     '  for (int i = threadIdx.x; i < 256; i += blockDim.x) tile[i] = 0xEEEEEEEEu;  // shows how far the TMA wrote\n'
     '  fence_proxy_async();\n' + TMA_HEAD +
     '  if (threadIdx.x == 0) {\n'
     '    mbar_arrive_expect_tx(&bar, 256);  // 16 elements (x, not strided) * 4 rows (y 2, 4, 6, 8) * 4 bytes\n'
     '    tma_load_2d(tile, &tmap_a, &bar, 4, 2);\n'
     '  }\n  mbar_wait(&bar, 0);\n' + copy_out('tile', 256),
     notes='A first recording with expect_tx 128 (ceil(16/2) * ceil(8/2) * 4) showed 16 consecutive elements per row '
           'and every other row: x is not strided. This one expects 256 bytes.')
tma_load_case('tma-prefetch-then-load', 'cp.async.bulk.prefetch.tensor to L2, then the same TMA load',
              Tmap('tmap_a', 'a', 'u32', [32, 32], [128], [8, 8], words=32 * 32, gen='gen_bits(v, 414)'), [(8, 16)], 256)
# patch the prefetch in
CASES[-1]['body'] = CASES[-1]['body'].replace('  if (threadIdx.x == 0) {\n    mbar_arrive',
                                              '  if (threadIdx.x == 0) {\n    tma_prefetch_2d(&tmap_a, 8, 16);\n    mbar_arrive', 1)

# im2col: the TMA gathers pixelsPerColumn pixels of channelsPerPixel channels, walking the pixel box.
case('tma-im2col-3d', 'TMA im2col 3-D (NWC: C 4, W 8, N 2), 16 pixels of 4 channels, lower -1 upper -1, offset 1',
     [Im2col('tmap_a', 'a', 'u32', [4, 8, 2], [16, 128], [-1], [-1], 4, 16, words=64, gen='gen_iota(v, 0, 1)'),
      Out('out', 256)],
     '  __shared__ __align__(1024) uint32_t tile[256];\n'
     '  for (int i = threadIdx.x; i < 256; i += blockDim.x) tile[i] = 0xEEEEEEEEu;  // sentinel: shows how far the TMA wrote\n'
     '  fence_proxy_async();\n' + TMA_HEAD +
     '  if (threadIdx.x == 0) {\n'
     '    mbar_arrive_expect_tx(&bar, 256);  // 16 pixels * 4 channels * 4 bytes\n'
     '    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5], {%6};"\n'
     '                 ::"r"(smem_u32(tile)), "l"(tmap_ptr(&tmap_a)), "r"(0), "r"(-1), "r"(0), "r"(smem_u32(&bar)), "h"((uint16_t)1) : "memory");\n'
     '  }\n  mbar_wait(&bar, 0);\n' + copy_out('tile', 256))
case('tma-im2col-4d', 'TMA im2col 4-D (NHWC: C 4, W 6, H 5, N 2), 32 pixels of 4 channels, lower (-1, -1), upper (-1, -1), offsets (1, 2)',
     [Im2col('tmap_a', 'a', 'u32', [4, 6, 5, 2], [16, 96, 480], [-1, -1], [-1, -1], 4, 32, words=240, gen='gen_iota(v, 0, 1)'),
      Out('out', 512)],
     '  __shared__ __align__(1024) uint32_t tile[512];\n'
     '  for (int i = threadIdx.x; i < 512; i += blockDim.x) tile[i] = 0xEEEEEEEEu;  // sentinel: shows how far the TMA wrote\n'
     '  fence_proxy_async();\n' + TMA_HEAD +
     '  if (threadIdx.x == 0) {\n'
     '    mbar_arrive_expect_tx(&bar, 512);  // 32 pixels * 4 channels * 4 bytes\n'
     '    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};"\n'
     '                 ::"r"(smem_u32(tile)), "l"(tmap_ptr(&tmap_a)), "r"(0), "r"(-1), "r"(-1), "r"(0), "r"(smem_u32(&bar)), "h"((uint16_t)1), "h"((uint16_t)2) : "memory");\n'
     '  }\n  mbar_wait(&bar, 0);\n' + copy_out('tile', 512))

# The mbarrier's transaction count: phases observed with test_wait around loads.
case('tma-mbarrier-tx-bytes', 'mbarrier transaction bytes: expect_tx of whole (partly OOB) boxes, split expect_tx, two arrivals',
     [Tmap('tmap_a', 'a', 'u32', [24, 10], [96], [8, 8], words=24 * 10, gen='gen_iota(v, 1000, 1)'),
      Out('out', 3 * 64), Out('flags', 12)],
     '  __shared__ __align__(1024) uint8_t tile[3 * 256];\n'
     '  __shared__ __align__(8) uint64_t bar;\n'
     '  const int tid = threadIdx.x;\n'
     '  if (tid == 0) {\n    mbar_init(&bar, 2);  // phase 0 needs two arrivals (threads 0 and 32) and the bytes\n    fence_mbarrier_init();\n  }\n'
     '  __syncthreads();\n'
     '  if (tid == 0) {\n'
     '    flags[0] = mbar_test_wait(&bar, 0);              // 0: nothing arrived\n'
     '    mbar_arrive_expect_tx(&bar, 256);                 // the box at (20, 6) is half outside, 256 bytes still\n'
     '    flags[1] = mbar_test_wait(&bar, 0);              // 0: one arrival and 256 bytes pending\n'
     '    tma_load_2d(tile, &tmap_a, &bar, 20, 6);\n'
     '  }\n'
     '  __syncthreads();\n'
     '  if (tid == 32) mbar_arrive(&bar);\n'
     '  mbar_wait(&bar, 0);\n'
     '  if (tid == 0) {\n'
     '    flags[2] = mbar_test_wait(&bar, 0);              // 1: phase 0 complete\n'
     '    flags[3] = mbar_test_wait(&bar, 1);              // 0: phase 1 is the current one\n'
     '    mbar_expect_tx(&bar, 256);                        // phase 1: expect_tx without arriving...\n'
     '    tma_load_2d(tile + 256, &tmap_a, &bar, 0, 0);\n'
     '    mbar_arrive_expect_tx(&bar, 256);                 // ...then the second box with the arrival\n'
     '    tma_load_2d(tile + 512, &tmap_a, &bar, 8, 4);\n'
     '  }\n'
     '  __syncthreads();\n'
     '  if (tid == 32) mbar_arrive(&bar);\n'
     '  mbar_wait(&bar, 1);\n'
     '  if (tid == 0) {\n'
     '    flags[4] = mbar_test_wait(&bar, 1);              // 1\n'
     '    flags[5] = mbar_test_wait(&bar, 0);              // 0: phase 2 (parity 0) is current\n'
     '  }\n' + copy_out('tile', 192))

# Multicast to both CTAs of a cluster of 2: each CTA issues one box, delivered to both.
case('tma-multicast-cluster2', 'TMA multicast::cluster: a cluster of 2 CTAs, each issues one box delivered to both',
     [Tmap('tmap_a', 'a', 'u32', [32, 16], [128], [8, 8], words=32 * 16, gen='gen_bits(v, 421)'), Out('out', 2 * 128)],
     '  __shared__ __align__(1024) uint8_t tile[2 * 256];\n'
     '  __shared__ __align__(8) uint64_t bar;\n'
     '  uint32_t rank;\n  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));\n'
     '  if (threadIdx.x == 0) {\n    mbar_init(&bar, 1);\n    fence_mbarrier_init();\n  }\n'
     '  // Both barriers are initialised before either CTA multicasts into the other.\n'
     '  asm volatile("barrier.cluster.arrive.release.aligned;\\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");\n'
     '  if (threadIdx.x == 0) {\n'
     '    mbar_arrive_expect_tx(&bar, 512);  // two boxes arrive here: ours and the other CTA\'s\n'
     '    // CTA r loads the box at (8r, 4r) into tile + 256r of both CTAs (mask 0b11).\n'
     '    tma_load_2d_multicast(tile + 256 * rank, &tmap_a, &bar, 8 * rank, 4 * rank, 0x3);\n'
     '  }\n'
     '  mbar_wait(&bar, 0);\n' + copy_out('tile', 128, off='rank * 128') +
     '  asm volatile("barrier.cluster.arrive.release.aligned;\\nbarrier.cluster.wait.acquire.aligned;" ::: "memory");\n',
     grid=2, cluster=2)

# Tensor store, partly out of bounds: the map covers 12 x 10 of a 16 x 16 buffer.
STORE_FILL = ('  __shared__ __align__(1024) uint32_t tile[2][64];\n'
              '  for (int i = threadIdx.x; i < 128; i += blockDim.x) tile[i / 64][i % 64] = src[i];\n'
              '  fence_proxy_async();  // generic stores to smem, then the async proxy (TMA) reads them\n'
              '  __syncthreads();\n')
case('tma-store-2d-partial-oob', 'TMA tensor store (shared -> global), one box inside, two partly outside (not written)',
     [In('src', 128, 'gen_iota(v, 1, 1)'),
      Tmap('tmap_out', 'out', 'u32', [12, 10], [64], [8, 8], words=256, fill=0xDEADBEEF)],
     STORE_FILL +
     '  if (threadIdx.x == 0) {\n'
     '    tma_store_2d(&tmap_out, tile[0], 8, 6);   // x 12..15, y 10..13 fall outside: skipped\n'
     '    tma_store_2d(&tmap_out, tile[1], -4, -5); // x -4..-1, y -5..-1 skipped\n'
     '    bulk_commit();\n    bulk_wait_all();\n  }\n',
     block=64)
case('tma-reduce-add-u32', 'cp.reduce.async.bulk.tensor add (u32), one box partly outside',
     [In('src', 128, 'gen_bits(v, 431)'),
      Tmap('tmap_acc', 'acc', 'u32', [16, 12], [64], [8, 8], words=16 * 12, gen='gen_bits(v, 432)')],
     STORE_FILL +
     '  if (threadIdx.x == 0) {\n'
     '    tma_reduce_add_2d(&tmap_acc, tile[0], 4, 2);\n'
     '    tma_reduce_add_2d(&tmap_acc, tile[1], 12, 8);  // overlaps the first box at (12..15, 8..9); y 12..15 outside\n'
     '    bulk_commit();\n    bulk_wait_all();\n  }\n', block=64)
case('tma-reduce-add-f32', 'cp.reduce.async.bulk.tensor add (f32), varied exponents',
     [In('src', 128, 'gen_f32(v, 441)'),
      Tmap('tmap_acc', 'acc', 'f32', [16, 12], [64], [8, 8], words=16 * 12, gen='gen_f32(v, 442)')],
     STORE_FILL +
     '  if (threadIdx.x == 0) {\n'
     '    tma_reduce_add_2d(&tmap_acc, tile[0], 0, 0);\n'
     '    tma_reduce_add_2d(&tmap_acc, tile[1], 4, 4);  // overlaps the first box: two adds land on those words\n'
     '    bulk_commit();\n    bulk_wait_all();\n  }\n', block=64)
case('tma-reduce-min-s32', 'cp.reduce.async.bulk.tensor min (s32)',
     [In('src', 128, 'gen_range(v, 451, -1000, 1000)'),
      Tmap('tmap_acc', 'acc', 's32', [16, 12], [64], [8, 8], words=16 * 12, gen='gen_range(v, 452, -1000, 1000)')],
     STORE_FILL +
     '  if (threadIdx.x == 0) {\n'
     '    tma_reduce_min_2d(&tmap_acc, tile[0], 8, 0);\n'
     '    tma_reduce_min_2d(&tmap_acc, tile[1], 12, 6);  // x 16..19, y 12..13 outside\n'
     '    bulk_commit();\n    bulk_wait_all();\n  }\n', block=64)

# Three tensor maps over one buffer: as f32, as tf32, as f32_ftz (does TMA change the bits?).
TWO_MAPS_GEN = ('gen_f32(v, 461); for (size_t i = 0; i < v.size(); ++i) { '
                'if (i % 8 == 1) v[i] = 0x00000001u + (uint32_t)i; '          # subnormals
                'if (i % 8 == 2) v[i] = 0x807fffffu - (uint32_t)i; '          # negative subnormals
                'if (i % 8 == 3) v[i] |= 0x1fffu; '                            # low mantissa bits all set
                'if (i % 8 == 5) v[i] = 0x7fc00000u | (uint32_t)i; '           # NaN payloads
                'if (i % 8 == 6) v[i] = 0x3f800fffu; }')                       # 1 + small
case('tma-three-maps-one-buffer', 'three tensor maps over one buffer: f32, tf32, f32_ftz (subnormals, NaN payloads, low mantissa bits)',
     [Tmap('tmap_f32', 'a', 'f32', [16, 16], [64], [8, 8], words=256, gen=TWO_MAPS_GEN),
      Tmap('tmap_tf32', 'a', 'tf32', [16, 16], [64], [8, 8]),
      Tmap('tmap_ftz', 'a', 'f32_ftz', [16, 16], [64], [8, 16], oob='nan'),
      Out('out', 64 * 3 + 128)],
     '  __shared__ __align__(1024) uint8_t tile[5 * 256];\n' + TMA_HEAD +
     '  if (threadIdx.x == 0) {\n'
     '    mbar_arrive_expect_tx(&bar, 5 * 256);\n'
     '    tma_load_2d(tile, &tmap_f32, &bar, 0, 0);\n'
     '    tma_load_2d(tile + 256, &tmap_tf32, &bar, 0, 0);\n'
     '    tma_load_2d(tile + 512, &tmap_tf32, &bar, 8, 8);\n'
     '    tma_load_2d(tile + 768, &tmap_ftz, &bar, 0, 4);  // box 8x16 from y = 4: rows 16..19 outside, NaN fill\n'
     '  }\n  mbar_wait(&bar, 0);\n' + copy_out('tile', 320))

# ---------------------------------------------------------------- warp specialization
case('elect-sync-issuing-lane', 'elect.sync: the elected lane for full and partial member masks',
     [Out('out', 4 * 64)],
     '  const int tid = threadIdx.x, lane = tid % 32;\n'
     '  uint32_t elected = 0xffffffffu, is_leader = 0;\n'
     '  uint32_t mask = 0xffffffffu;\n'
     '  if (tid >= 32) mask = 0xaaaaaaaau;          // warp 1: the odd lanes\n'
     '  if (tid >= 64) mask = 0xffff0000u;          // warp 2: the upper half\n'
     '  if (tid >= 96) mask = 0x00010100u;          // warp 3: lanes 8 and 16\n'
     '  if ((mask >> lane) & 1) {\n'
     '    asm volatile("{\\n.reg .pred p;\\n.reg .b32 r;\\nelect.sync r|p, %2;\\nselp.u32 %1, 1, 0, p;\\nmov.u32 %0, r;\\n}"\n'
     '                 : "=r"(elected), "=r"(is_leader) : "r"(mask));\n'
     '  }\n'
     '  out[tid] = elected;\n  out[128 + tid] = is_leader;\n')
case('setmaxnreg-producer-consumer', 'setmaxnreg.dec 40 in the producer warpgroup, .inc 232 in two consumer warpgroups',
     [In('x', 384, 'gen_bits(v, 501)'), Out('out', 384)],
     '  __shared__ uint32_t s[384];\n'
     '  const int tid = threadIdx.x, wg = tid / 128;\n'
     '  if (wg == 0) {\n'
     '    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");\n'
     '    s[tid] = x[tid] ^ 0x5a5a5a5au;             // the producer hands data over through smem\n'
     '    s[tid + 128] = x[tid + 128] + 1;\n    s[tid + 256] = x[tid + 256] * 3;\n'
     '  } else {\n'
     '    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");\n'
     '  }\n'
     '  __syncthreads();\n'
     '  if (wg != 0) {\n'
     '    const int j = tid - 128;  // 0..255: each consumer thread folds 1.5 words\n'
     '    uint32_t acc = 0;\n'
     '    for (int k = 0; k < 384; k += 64) acc = acc * 31u + s[(j + k) % 384];\n'
     '    out[j] = acc;\n'
     '    if (j < 128) out[256 + j] = s[j] + s[j + 128] + s[j + 256];\n'
     '  }\n',
     block=384, bounds='384, 1')
case('fence-proxy-async-tma-store', 'fence.proxy.async between generic smem writes and a TMA store, then a TMA load of the result',
     [In('x', 64, 'gen_bits(v, 511)'),
      Tmap('tmap_out', 'out', 'u32', [16, 16], [64], [8, 8], words=256, fill=0),
      Out('back', 64)],
     '  __shared__ __align__(1024) uint32_t tile[64];\n'
     '  __shared__ __align__(1024) uint32_t back_tile[64];\n' + TMA_HEAD +
     '  tile[threadIdx.x] = x[threadIdx.x] * 2654435761u;  // generic-proxy writes\n'
     '  fence_proxy_async();   // each writer orders its writes before the async proxy\'s reads\n'
     '  __syncthreads();\n'
     '  if (threadIdx.x == 0) {\n'
     '    tma_store_2d(&tmap_out, tile, 8, 8);\n    bulk_commit();\n    bulk_wait_all();\n'
     '    asm volatile("fence.proxy.async.global;" ::: "memory");\n'
     '    mbar_arrive_expect_tx(&bar, 256);\n    tma_load_2d(back_tile, &tmap_out, &bar, 4, 4);\n'
     '  }\n  mbar_wait(&bar, 0);\n'
     '  back[threadIdx.x] = back_tile[threadIdx.x];\n', block=64)

# ---- the warp-specialised GEMM (also the lesson warp-specialized-gemm)
GEMM_BODY = r'''
  // Shared memory: a 2-stage ring of A and B k-tiles (64 x 64 f16 = 8 KiB each, 128B-swizzled
  // by the TMA) and, per stage, a "full" barrier (the TMA filled it) and an "empty" barrier
  // (the consumers are done reading it).
  __shared__ __align__(1024) uint8_t sA[kStages][64 * 128];
  __shared__ __align__(1024) uint8_t sB[kStages][64 * 128];
  __shared__ __align__(8) uint64_t full[kStages], empty[kStages];
  const int tid = threadIdx.x, warpgroup = tid / 128;
  if (tid == 0) {
    for (int s = 0; s < kStages; ++s) {
      mbar_init(&full[s], 1);     // one arrival: the producer's arrive.expect_tx (plus the TMA bytes)
      mbar_init(&empty[s], 128);  // every consumer thread arrives when its wgmma has read the stage
    }
    fence_mbarrier_init();
  }
  __syncthreads();

  if (warpgroup == 0) {
    // Producer warpgroup: give registers back, then one elected lane of warp 0 issues every TMA.
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    if (tid < 32) {
      uint32_t leader;
      asm volatile("{\n.reg .pred p;\nelect.sync _|p, 0xffffffff;\nselp.u32 %0, 1, 0, p;\n}" : "=r"(leader));
      if (leader) {
        for (int k = 0; k < kTiles; ++k) {
          const int s = k % kStages;
          const uint32_t phase = (k / kStages) & 1;
          // Wait until the consumers released this stage. A fresh barrier is in phase 0, and
          // waiting for parity 1 (the phase "before" it) succeeds at once: the first pass is free.
          mbar_wait(&empty[s], phase ^ 1);
          mbar_arrive_expect_tx(&full[s], 2 * 64 * 128);  // A tile + B tile bytes
          tma_load_2d(sA[s], &tmap_a, &full[s], 64 * k, 0);
          tma_load_2d(sB[s], &tmap_b, &full[s], 64 * k, 0);
        }
      }
    }
  } else {
    // Consumer warpgroup: more registers for the accumulators, then wgmma on each full stage.
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    const int t = tid - 128, warp = t / 32, lane = t % 32;
    float d[32];
    for (int i = 0; i < 32; ++i) d[i] = 0;
    for (int k = 0; k < kTiles; ++k) {
      const int s = k % kStages;
      mbar_wait(&full[s], (k / kStages) & 1);
      wgmma_fence();
      #pragma unroll
      for (int kk = 0; kk < 4; ++kk) {
        // K-major, 128B swizzle: 8 rows of 128 bytes per 1024-byte group (SBO); each k16 step
        // starts 32 bytes further into the swizzled rows.
        const uint64_t da = make_desc(sA[s] + 32 * kk, 16, 1024, 1);
        const uint64_t db = make_desc(sB[s] + 32 * kk, 16, 1024, 1);
        WGMMA_M64N64K16
      }
      wgmma_commit();
      wgmma_wait<0>();
      mbar_arrive(&empty[s]);  // this thread is done with stage s
    }
    // D fragment: register i of (warp, lane) holds row 16 warp + lane/4 + 8 ((i/2)%2),
    // column 8 (i/4) + 2 (lane%4) + i%2. Stored row-major, raw f32 bits.
    for (int i = 0; i < 32; ++i) {
      const int row = 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
      const int col = 8 * (i / 4) + 2 * (lane % 4) + (i % 2);
      out[row * 64 + col] = __float_as_uint(d[i]);
    }
  }
'''.replace('WGMMA_M64N64K16', wgmma_asm('wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16', 32, '+f',
                                         tail='1, 1, 0, 0').replace('\n', '\n        '))
GEMM_PARAMS = [Tmap('tmap_a', 'a', 'f16', [256, 64], [512], [64, 64], swizzle='128B', words=64 * 128, gen=F16(601)),
               Tmap('tmap_b', 'b', 'f16', [256, 64], [512], [64, 64], swizzle='128B', words=64 * 128, gen=F16(602)),
               Out('out', 64 * 64)]
GEMM_PRE = 'constexpr int kStages = 2, kTiles = 4;  // K = 256 in four 64-wide k-tiles\n'
case('ws-gemm-m64n64k256-2stage', 'warp-specialised GEMM: producer warp + TMA + 2-stage full/empty ring + consumer warpgroup on wgmma',
     GEMM_PARAMS, GEMM_PRE + '##' + GEMM_BODY, block=256, bounds='256, 1')

# ---------------------------------------------------------------- lessons (scenarios/)
LESSON_TMA = r'''
  // The tile lands here. 128B swizzle works on address bits 4-9, so the tile is 1024-aligned.
  __shared__ __align__(1024) float tile[16][32];
  __shared__ __align__(8) uint64_t bar;  // the mbarrier the TMA reports its bytes to
  const int tid = threadIdx.x;

  if (tid == 0) {
    mbar_init(&bar, 1);     // one arrival expected per phase: thread 0's arrive.expect_tx
    fence_mbarrier_init();  // make the initialised barrier visible to the async proxy (the TMA unit)
  }
  __syncthreads();

  if (tid == 0) {
    // Arrive and announce 16 * 32 * 4 = 2048 bytes; the phase completes when they have landed.
    mbar_arrive_expect_tx(&bar, sizeof(tile));
    // One instruction copies the 32 x 16 box whose corner is column 32, row 8 of the 64 x 32 tensor.
    tma_load_2d(tile, &tmap_a, &bar, 32, 8);
  }
  // Everybody waits for phase 0 of the barrier.
  while (!mbar_try_wait(&bar, 0)) {
  }

  // The raw tile, as the TMA laid it down: within each 128-byte row r, the 16-byte chunk c of
  // the tensor row sits at chunk c ^ (r % 8).
  const uint32_t* raw = reinterpret_cast<const uint32_t*>(tile);
  for (int i = tid; i < 16 * 32; i += blockDim.x) raw_out[i] = raw[i];

  // Each thread reads element (row, col) of the box back through the swizzle.
  for (int e = tid; e < 16 * 32; e += blockDim.x) {
    const int row = e / 32, col = e % 32;
    const int chunk = (col / 4) ^ (row % 8);  // 4 floats per 16-byte chunk
    const float v = tile[row][chunk * 4 + col % 4];
    out[e] = __float_as_uint(v);  // == a[(8 + row) * 64 + 32 + col]
  }
'''
case('tma-2d-tile-swizzle', 'A TMA 2-D tile load with 128B swizzle, read back through the swizzle',
     [Tmap('tmap_a', 'a', 'f32', [64, 32], [256], [32, 16], swizzle='128B', words=64 * 32, gen='gen_iota(v, 0, 1)'),
      Out('raw_out', 512), Out('out', 512)],
     LESSON_TMA, block=128, lesson=dict(
         goal='Load a 2-D tile with one cp.async.bulk.tensor, wait for its bytes on an mbarrier, and undo the 128B swizzle when reading it.',
         description='''
A **tensor map** (a `CUtensorMap` the host made with `cuTensorMapEncodeTiled`)
describes a 64 x 32 f32 matrix `a` in global memory, with a 32 x 16 **box** and
**128B swizzle**. `a[i] = i`, so every value tells where it came from.

Thread 0 initialises an **mbarrier**, arrives on it announcing 2048 bytes
(`mbarrier.arrive.expect_tx`) and issues one `cp.async.bulk.tensor.2d` for the
box whose corner is column 32, row 8. The TMA unit copies the box into shared
memory and counts the bytes down on the barrier; everybody waits for the
barrier's phase 0 with `mbarrier.try_wait.parity`.

The tile is **swizzled**: inside each 128-byte row `r`, the 16-byte chunk `c`
of the tensor's row is stored at chunk `c ^ (r % 8)`. `raw_out` keeps the words
as the hardware laid them down; `out` is the box read back through the
swizzle, in order.
'''))

LESSON_WGMMA = r'''
  // A (64 x 16) and B (32 x 16, i.e. B^T of a 16 x 32 matrix), f16, K-major in shared memory,
  // no swizzle: "core matrices" of 8 rows x 16 bytes (8 f16), 128 bytes each.
  __shared__ __align__(128) uint8_t sA[64 * 32];
  __shared__ __align__(128) uint8_t sB[32 * 32];
  const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;

  // Row r, 16-byte chunk c (k = 8c..8c+7) goes to core matrix (r / 8, c), stored at
  // ((r / 8) * 2 + c) * 128, row r % 8 inside it: the two K chunks of a core-matrix row
  // are 128 bytes apart (LBO), consecutive 8-row groups 256 bytes apart (SBO).
  for (int i = tid; i < 64 * 2; i += 128) {
    const int r = i / 2, c = i % 2;
    *reinterpret_cast<uint4*>(sA + ((r / 8) * 2 + c) * 128 + (r % 8) * 16) = reinterpret_cast<const uint4*>(a)[i];
  }
  for (int i = tid; i < 32 * 2; i += 128) {
    const int r = i / 2, c = i % 2;
    *reinterpret_cast<uint4*>(sB + ((r / 8) * 2 + c) * 128 + (r % 8) * 16) = reinterpret_cast<const uint4*>(b)[i];
  }
  fence_proxy_async();  // wgmma reads shared memory through the async proxy
  __syncthreads();

  // Matrix descriptors: start address, LBO = 128, SBO = 256, no swizzle.
  const uint64_t da = make_desc(sA, 128, 256, 0);
  const uint64_t db = make_desc(sB, 128, 256, 0);

  float d[16];  // the warpgroup's 64 x 32 f32 accumulator: 16 registers per thread
  for (int i = 0; i < 16; ++i) d[i] = 0;
  wgmma_fence();  // order the register writes above before wgmma reads d
  WGMMA
  wgmma_commit();   // close the group holding this one wgmma
  wgmma_wait<0>();  // wait until no group is pending: d holds A * B

  // Register i of (warp, lane): row 16 warp + lane / 4 + 8 ((i / 2) % 2),
  // column 8 (i / 4) + 2 (lane % 4) + i % 2.
  for (int i = 0; i < 16; ++i) {
    const int row = 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
    const int col = 8 * (i / 4) + 2 * (lane % 4) + (i % 2);
    out[row * 32 + col] = __float_as_uint(d[i]);
  }
'''.replace('WGMMA', wgmma_asm('wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16', 16, '+f',
                               tail='1, 1, 0, 0').replace('\n', '\n  '))
case('wgmma-one-warpgroup', 'One wgmma on one warpgroup: D(64x32) = A(64x16) * B(16x32), f16 in, f32 out',
     [In('a', 64 * 8, F16(701)), In('b', 32 * 8, F16(702)), Out('out', 64 * 32)],
     LESSON_WGMMA, lesson=dict(
         goal='Place A and B in shared memory in the canonical core-matrix layout, build wgmma matrix descriptors, and run one wgmma on a warpgroup.',
         description='''
The four warps of a **warpgroup** (128 threads) execute one
`wgmma.mma_async.m64n32k16.f32.f16.f16` together: D = A * B with A 64 x 16,
B 16 x 32, f16 inputs and an f32 accumulator spread over the 128 threads
(16 registers each).

A and B are read from **shared memory** through 64-bit **matrix
descriptors** that the kernel builds: the start address, the *leading
dimension byte offset* (LBO, between the two 8-element K halves) and the
*stride dimension byte offset* (SBO, between consecutive 8-row groups) of the
**core matrices** (8 rows x 16 bytes) that the threads stored there first.

The sequence is the one every Hopper GEMM uses: `fence.proxy.async` after
the generic stores, `wgmma.fence`, the `wgmma.mma_async`, `wgmma.commit_group`,
`wgmma.wait_group 0`; then each thread stores its 16 registers to their
row and column of D. The inputs are f16 values with exponents from 2^-4 to
2^4, so the sums round.
'''))
case('warp-specialized-gemm', 'A warp-specialised GEMM: a TMA producer warp, a full/empty ring, a wgmma consumer warpgroup',
     GEMM_PARAMS, GEMM_PRE + '##' + GEMM_BODY, block=256, bounds='256, 1', lesson=dict(
         prerequisites=['tma-2d-tile-swizzle', 'wgmma-one-warpgroup'],
         goal='Follow a Hopper GEMM mainloop: a producer warp fills a 2-stage ring with TMA, a consumer warpgroup runs wgmma on each stage and releases it.',
         description='''
D (64 x 64, f32) = A (64 x 256, f16) * B^T (B is 64 x 256, K-major), the way
CUTLASS's warp-specialised kernels do it, in one CTA of two warpgroups.

* **Producer** (warpgroup 0): `setmaxnreg.dec` to 40 registers; one lane of
  warp 0, picked with `elect.sync`, loops over the four 64-wide k-tiles:
  wait for the stage's **empty** barrier, `arrive.expect_tx` 16 KiB on its
  **full** barrier, and issue two TMA loads (A and B tiles, 128B swizzle).
* **Consumer** (warpgroup 1): `setmaxnreg.inc` to 232; for each k-tile wait
  for the **full** barrier, run four `wgmma m64n64k16` (the descriptors'
  start address moves 32 bytes per k16 step inside the swizzled rows),
  commit, wait, and **arrive** on the empty barrier so the producer may
  refill the stage.

Two stages, four k-tiles: each barrier goes through two phases, and the
parity arithmetic (`phase ^ 1` for the producer's first pass) is the part to
watch. At the end the consumers store D row by row.
'''))


# ---------------------------------------------------------------- writer
def ctype(p):
    if p['kind'] == 'buf':
        return f'uint32_t* {p["name"]}'
    if p['kind'] == 'tmap':
        return f'const __grid_constant__ CUtensorMap {p["name"]}'
    return f'uint32_t {p["name"]}'


def ident(name):
    return name.replace('-', '_')


def gen_cu(c):
    kname = ident(c['name'])
    params = c['params']
    attrs = ''
    if c['cluster']:
        attrs += f'__cluster_dims__({c["cluster"]}, 1, 1) '
    attrs += f'__launch_bounds__({c["bounds"] or c["block"]}) '
    body = c['body']
    pre = ''
    if '##' in body:
        pre, body = body.split('##', 1)
    src = [f'// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx kernel.cu -o kernel.ptx\n'
           f'// Run: nvcc -std=c++17 -gencode arch=compute_90a,code=sm_90a -O3 -o bin kernel.cu -lcuda && ./bin  (prints the buffers as JSON;\n'
           f'// ./bin --inputs prints only the input buffers, without a GPU).\n'
           f'// {c["title"]}\n']
    if c['notes']:
        src.append('// ' + '\n// '.join(textwrap.wrap(c['notes'], 110)) + '\n')
    src.append(PRELUDE)
    src.append('\n' + pre)
    src.append(f'__global__ void {attrs}{kname}({", ".join(ctype(p) for p in params)}) {{\n{body.strip(chr(10))}\n}}\n\n')
    # host
    h = ['int main(int argc, char** argv) {\n',
         '  const bool inputs_only = argc > 1 && strcmp(argv[1], "--inputs") == 0;\n']
    bufs = []  # (name, words, is_input)
    for p in params:
        if p['kind'] == 'buf' or (p['kind'] == 'tmap' and p['words']):
            name = p['name'] if p['kind'] == 'buf' else p['buf']
            h.append(f'  std::vector<uint32_t> h_{name}({p["words"]});\n')
            if p.get('gen'):
                h.append(f'  {{ std::vector<uint32_t>& v = h_{name}; {p["gen"]}; }}\n')
                bufs.append((name, True))
            else:
                fill = p.get('fill') or 0
                h.append(f'  for (auto& w : h_{name}) w = {fill}u;\n')
                bufs.append((name, False))
    h.append('  bool first = true;\n')
    h.append('  if (inputs_only) {\n    printf("{");\n')
    for name, is_in in bufs:
        if is_in:
            h.append(f'    print_words("{name}", h_{name}, first);\n')
    h.append('    printf("}\\n");\n    return 0;\n  }\n')
    for name, _ in bufs:
        h.append(f'  uint32_t* d_{name} = nullptr;\n'
                 f'  CHECK(cudaMalloc(&d_{name}, h_{name}.size() * 4));\n'
                 f'  CHECK(cudaMemcpy(d_{name}, h_{name}.data(), h_{name}.size() * 4, cudaMemcpyHostToDevice));\n')
    args = []
    for p in params:
        if p['kind'] == 'buf':
            args.append(f'd_{p["name"]}')
        elif p['kind'] == 'scalar':
            args.append(f'{p["value"]}u')
        else:
            m = p['name']
            r = len(p['dims'])
            estr = p['estr'] or [1] * r
            if p.get('im2col'):
                ic = p['im2col']
                h.append(f'  CUtensorMap {m};\n  {{\n'
                         f'    const uint64_t dims[] = {{{", ".join(str(x) for x in p["dims"])}}};\n'
                         f'    const uint64_t strides[] = {{{", ".join(str(x) for x in p["strides"])}}};\n'
                         f'    const int lower[] = {{{", ".join(str(x) for x in ic["lower"])}}};\n'
                         f'    const int upper[] = {{{", ".join(str(x) for x in ic["upper"])}}};\n'
                         f'    const uint32_t estr[] = {{{", ".join(str(x) for x in estr)}}};\n'
                         f'    CUresult r = cuTensorMapEncodeIm2col(&{m}, CU_TENSOR_MAP_DATA_TYPE_{DT[p["dtype"]]}, {r}, d_{p["buf"]}, '
                         f'dims, strides, lower, upper, {ic["channels"]}, {ic["pixels"]}, estr, CU_TENSOR_MAP_INTERLEAVE_NONE, '
                         f'CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);\n'
                         f'    if (r != CUDA_SUCCESS) {{ fprintf(stderr, "cuTensorMapEncodeIm2col: %d\\n", (int)r); return 1; }}\n'
                         f'  }}\n')
                args.append(m)
                continue
            h.append(f'  CUtensorMap {m};\n  {{\n'
                     f'    const uint64_t dims[] = {{{", ".join(str(x) for x in p["dims"])}}};\n'
                     f'    const uint64_t strides[] = {{{", ".join(str(x) for x in p["strides"]) or "0"}}};\n'
                     f'    const uint32_t box[] = {{{", ".join(str(x) for x in p["box"])}}};\n'
                     f'    const uint32_t estr[] = {{{", ".join(str(x) for x in estr)}}};\n'
                     f'    if (encode_tiled(&{m}, CU_TENSOR_MAP_DATA_TYPE_{DT[p["dtype"]]}, {r}, d_{p["buf"]}, dims, '
                     f'strides, box, estr, CU_TENSOR_MAP_SWIZZLE_{SW[p["swizzle"]]}, '
                     f'CU_TENSOR_MAP_FLOAT_OOB_FILL_{"NONE" if p["oob"] == "zero" else "NAN_REQUEST_ZERO_FMA"})) return 1;\n'
                     f'  }}\n')
            args.append(m)
    h.append(f'  {kname}<<<{c["grid"]}, {c["block"]}>>>({", ".join(args)});\n'
             '  CHECK(cudaGetLastError());\n  CHECK(cudaDeviceSynchronize());\n')
    for name, _ in bufs:
        h.append(f'  CHECK(cudaMemcpy(h_{name}.data(), d_{name}, h_{name}.size() * 4, cudaMemcpyDeviceToHost));\n')
    h.append('  printf("{");\n')
    for name, _ in bufs:
        h.append(f'  print_words("{name}", h_{name}, first);\n')
    h.append('  printf("}\\n");\n  return 0;\n}\n')
    return ''.join(src) + ''.join(h)


def toml_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def gen_toml(c):
    L = ['format = 2\n', f'title = {toml_str(c["title"])}\n']
    les = c['lesson']
    if les:
        L.append(f'goal = {toml_str(les["goal"])}\n')
        L.append('prerequisites = [' + ', '.join(toml_str(p) for p in les.get('prerequisites', [])) + ']\n')
        L.append("description = '''" + les['description'] + "'''\n")
    else:
        desc = f'Hopper corpus case {c["name"]}: replayed against what an H200 computed (hw-h200.json).'
        if c['notes']:
            desc += ' ' + c['notes']
        L.append(f'description = {toml_str(desc)}\n')
    L.append('target = "sm_90a"\n\n[program]\nptx_file = "kernel.ptx"\n\n[launch]\n')
    L.append(f'grid = {c["grid"]}\nblock = {c["block"]}\n')
    if c['cluster']:
        L.append(f'cluster = {c["cluster"]}\n')
    seen = set()
    for p in c['params']:
        L.append('\n[[param]]\n')
        if p['kind'] == 'buf':
            L.append(f'buffer = "{p["name"]}"\n')
            if p.get('gen'):
                L.append(f'file = "{p["name"]}.json"\n')
            else:
                L.append(f'fill = {{ value = {p["fill"]}, count = {p["words"]} }}\n')
        elif p['kind'] == 'scalar':
            L.append(f'scalar = "{p["name"]}"\ntype = "u32"\nvalue = {p["value"]}\n')
        else:
            L.append(f'tensor_map = "{p["name"]}"\nbuffer = "{p["buf"]}"\n')
            if p['words'] and p['buf'] not in seen:
                if p.get('gen'):
                    L.append(f'file = "{p["buf"]}.json"\n')
                else:
                    L.append(f'fill = {{ value = {hex(p["fill"]) if p["fill"] else 0}, count = {p["words"]} }}\n')
            seen.add(p['buf'])
            L.append(f'dtype = "{p["dtype"]}"\n')
            L.append(f'dims = [{", ".join(map(str, p["dims"]))}]\n')
            L.append(f'strides = [{", ".join(map(str, p["strides"]))}]\n')
            if p.get('im2col'):
                ic = p['im2col']
                L.append('mode = "im2col"\n')
                L.append(f'pixel_box_lower = [{", ".join(map(str, ic["lower"]))}]\n')
                L.append(f'pixel_box_upper = [{", ".join(map(str, ic["upper"]))}]\n')
                L.append(f'channels_per_pixel = {ic["channels"]}\n')
                L.append(f'pixels_per_column = {ic["pixels"]}\n')
            else:
                L.append(f'box = [{", ".join(map(str, p["box"]))}]\n')
            if p['estr']:
                L.append(f'element_strides = [{", ".join(map(str, p["estr"]))}]\n')
            L.append(f'swizzle = "{p["swizzle"]}"\n')
            L.append(f'oob_fill = "{p["oob"]}"\n')
        if p['kind'] == 'buf':
            seen.add(p['name'])
    if les:
        L.append('\n[expect]\nstop = "finished"\n')
    return ''.join(L)


# Kernels the H200 refused ("an illegal instruction was encountered"): kept in faulting/ with the error.
FAULTING = {'tma-store-2d-partial-oob', 'tma-coordinate-unaligned-x', 'tma-coordinate-unaligned-x-negative',
            'tma-coordinate-unaligned-x-f16'}


def main():
    only = set(sys.argv[1:])
    for c in CASES:
        if only and c['name'] not in only:
            continue
        if c['lesson']:
            d = os.path.join(ROOT, 'scenarios', c['name'])
        elif c['name'] in FAULTING:
            d = os.path.join(HERE, 'faulting', c['name'])
        else:
            d = os.path.join(HERE, c['name'])
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, 'kernel.cu'), 'w') as f:
            f.write(gen_cu(c))
        with open(os.path.join(d, 'scenario.toml'), 'w') as f:
            f.write(gen_toml(c))
        print(os.path.relpath(d, ROOT))


if __name__ == '__main__':
    main()
