// Hardware-golden kernels, family "alu": integer, bit, compare, float, half and
// conversion instructions on edge-case operands (saturation limits, carries,
// division by zero, shifts past the width, rounding ties, subnormals with and
// without .ftz, NaN payloads, signed zeros, overflow). Every instruction is
// inline PTX so the engine runs exactly the instruction named.
//
// Entry points: extern "C" __global__ void NAME(const u32* in, u32* out).
// Each thread t of the one block reads its operands from in[W*t ..] (W words
// per thread) and writes result k to out[k * blockDim.x + t].
// Kernels whose name ends in _approx hold MUFU-based approximations: their
// recording is kept apart in approx-alu.json and checked with the ISA's error
// bounds (tests/core/alu_golden_test.cpp); all others are in golden-alu.json
// and must be reproduced bit for bit. See alu.md for what the H100 showed.
//
// PTX: nvcc -std=c++17 -arch=sm_90a -ptx alu.cu -o alu.ptx
typedef unsigned int u32;
typedef unsigned long long u64;
typedef unsigned short u16;

#define PUT(V) out[(k++) * n + t] = (V)
// Thread 0 marks the end of the outputs with 0xc0de0000 | count.
#define END if (t == 0) out[k * n] = 0xc0de0000u | (u32)k;
// 64-bit results are split with mov.b64 in PTX: a C++ shift/truncation of a
// register that holds an f64 lets ptxas store a converted value instead.
#define PUT64(V)                                                               \
  {                                                                            \
    u32 lo_, hi_;                                                              \
    asm volatile("mov.b64 {%0, %1}, %2;" : "=r"(lo_), "=r"(hi_) : "l"((u64)(V))); \
    out[(k++) * n + t] = lo_;                                                  \
    out[(k++) * n + t] = hi_;                                                  \
  }

// d = INS a            (32-bit registers)
#define U1(INS) { u32 d; asm volatile(INS " %0, %1;" : "=r"(d) : "r"(a)); PUT(d); }
// d = INS a, b
#define U2(INS) { u32 d; asm volatile(INS " %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); PUT(d); }
// d = INS a, b, c
#define U3(INS) { u32 d; asm volatile(INS " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); PUT(d); }
// 64-bit variants
#define L1(INS) { u64 d; asm volatile(INS " %0, %1;" : "=l"(d) : "l"(a)); PUT64(d); }
#define L2(INS) { u64 d; asm volatile(INS " %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b)); PUT64(d); }
#define L3(INS) { u64 d; asm volatile(INS " %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "l"(c)); PUT64(d); }
// 16-bit variants (results zero-extended into the output word)
#define H1(INS) { u16 d; asm volatile(INS " %0, %1;" : "=h"(d) : "h"(ha)); PUT((u32)d); }
#define H2(INS) { u16 d; asm volatile(INS " %0, %1, %2;" : "=h"(d) : "h"(ha), "h"(hb)); PUT((u32)d); }
#define H3(INS) { u16 d; asm volatile(INS " %0, %1, %2, %3;" : "=h"(d) : "h"(ha), "h"(hb), "h"(hc)); PUT((u32)d); }

// setp with the result pair p|q packed as p | q << 1, bool-op input r = (c & 1).
#define SETP(CMP)                                                                          \
  {                                                                                        \
    u32 d;                                                                                 \
    asm volatile("{ .reg .pred p, q; .reg .b32 x, y; setp." CMP " p|q, %1, %2;"           \
                 " selp.u32 x, 1, 0, p; selp.u32 y, 2, 0, q; or.b32 %0, x, y; }"           \
                 : "=r"(d) : "r"(a), "r"(b));                                              \
    PUT(d);                                                                                \
  }
#define SETPC(CMP)                                                                         \
  {                                                                                        \
    u32 d;                                                                                 \
    asm volatile("{ .reg .pred p, q, r; .reg .b32 x, y; and.b32 x, %3, 1;"                 \
                 " setp.ne.u32 r, x, 0; setp." CMP " p|q, %1, %2, !r;"                     \
                 " selp.u32 x, 1, 0, p; selp.u32 y, 2, 0, q; or.b32 %0, x, y; }"           \
                 : "=r"(d) : "r"(a), "r"(b), "r"(c));                                      \
    PUT(d);                                                                                \
  }
#define SETP64(CMP)                                                                        \
  {                                                                                        \
    u32 d;                                                                                 \
    asm volatile("{ .reg .pred p, q; .reg .b32 x, y; setp." CMP " p|q, %1, %2;"           \
                 " selp.u32 x, 1, 0, p; selp.u32 y, 2, 0, q; or.b32 %0, x, y; }"           \
                 : "=r"(d) : "l"(a), "l"(b));                                              \
    PUT(d);                                                                                \
  }

// ---------------------------------------------------------------- 32-bit integer
// in: a, b, c per thread (W = 3).
extern "C" __global__ void alu_int32(const u32* in, u32* out) {
  const u32 t = threadIdx.x, n = blockDim.x;
  const u32 a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2];
  int k = 0;
  U2("add.u32") U2("add.sat.s32") U2("sub.u32") U2("sub.sat.s32")
  U2("mul.lo.s32") U2("mul.hi.s32") U2("mul.hi.u32")
  { u64 d; asm volatile("mul.wide.s32 %0, %1, %2;" : "=l"(d) : "r"(a), "r"(b)); PUT64(d); }
  { u64 d; asm volatile("mul.wide.u32 %0, %1, %2;" : "=l"(d) : "r"(a), "r"(b)); PUT64(d); }
  U3("mad.lo.s32") U3("mad.hi.s32") U3("mad.hi.u32") U3("mad.hi.sat.s32")
  U2("mul24.lo.s32") U2("mul24.hi.s32") U2("mul24.lo.u32") U2("mul24.hi.u32")
  U3("mad24.lo.s32") U3("mad24.hi.s32") U3("mad24.hi.u32") U3("mad24.hi.sat.s32") U3("mad24.lo.u32")
  U3("sad.s32") U3("sad.u32")
  U2("div.s32") U2("div.u32") U2("rem.s32") U2("rem.u32")
  U1("abs.s32") U1("neg.s32")
  U2("min.s32") U2("max.s32") U2("min.u32") U2("max.u32")
  U1("popc.b32") U1("clz.b32") U1("bfind.u32") U1("bfind.s32") U1("bfind.shiftamt.u32") U1("bfind.shiftamt.s32")
  U1("brev.b32") U1("cnot.b32") U1("not.b32")
  U3("bfe.u32") U3("bfe.s32")
  { u32 d, p = c & 0xff, l = (c >> 8) & 0xff;
    asm volatile("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(p), "r"(l)); PUT(d); }
  { u32 d; asm volatile("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "r"(c >> 8)); PUT(d); }
  U3("prmt.b32") U3("prmt.b32.f4e") U3("prmt.b32.b4e") U3("prmt.b32.rc8") U3("prmt.b32.ecl")
  U3("prmt.b32.ecr") U3("prmt.b32.rc16")
  U2("shl.b32") U2("shr.b32") U2("shr.u32") U2("shr.s32")
  U3("shf.l.clamp.b32") U3("shf.l.wrap.b32") U3("shf.r.clamp.b32") U3("shf.r.wrap.b32")
  { u32 d; asm volatile("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); PUT(d); }
  { u32 d; asm volatile("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); PUT(d); }
  { u32 d; asm volatile("lop3.b32 %0, %1, %2, %3, 0x1a;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); PUT(d); }
  { u32 d; asm volatile("lop3.b32 %0, %1, %2, %3, 0x40;" : "=r"(d) : "r"(a), "r"(b), "r"(c)); PUT(d); }
  { u32 d, base = b & 31; int off = (int)c >> 26;
    asm volatile("fns.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(base), "r"(off)); PUT(d); }
  U3("dp4a.u32.u32") U3("dp4a.s32.s32") U3("dp4a.s32.u32") U3("dp4a.u32.s32")
  U3("dp2a.lo.s32.s32") U3("dp2a.hi.s32.s32") U3("dp2a.lo.u32.u32") U3("dp2a.hi.u32.s32")
  U3("slct.u32.s32") U3("slct.s32.f32")
  U2("set.lt.u32.s32") U2("set.lo.u32.u32") U2("set.ge.f32.s32") U2("set.ne.s32.b32")
  SETP("lt.s32") SETP("le.s32") SETP("gt.s32") SETP("ge.s32") SETP("eq.s32") SETP("ne.b32")
  SETP("lo.u32") SETP("ls.u32") SETP("hi.u32") SETP("hs.u32")
  SETPC("lt.and.s32") SETPC("lt.or.s32") SETPC("lt.xor.s32") SETPC("hi.and.u32")
  // carry chains: 96-bit a + {b, c, c} and a - {b, c, c}
  { u32 x, y, z; asm volatile("add.cc.u32 %0, %3, %4; addc.cc.u32 %1, %3, %5; addc.u32 %2, 0, 0;"
                              : "=r"(x), "=r"(y), "=r"(z) : "r"(a), "r"(b), "r"(c)); PUT(x); PUT(y); PUT(z); }
  { u32 x, y, z; asm volatile("sub.cc.u32 %0, %3, %4; subc.cc.u32 %1, %3, %5; subc.u32 %2, 0, 0;"
                              : "=r"(x), "=r"(y), "=r"(z) : "r"(a), "r"(b), "r"(c)); PUT(x); PUT(y); PUT(z); }
  { u32 x, y; asm volatile("mad.lo.cc.u32 %0, %2, %3, %4; addc.u32 %1, 0, 0;"
                           : "=r"(x), "=r"(y) : "r"(a), "r"(b), "r"(c)); PUT(x); PUT(y); }
  { u32 x, y; asm volatile("mad.hi.cc.u32 %0, %2, %3, %4; addc.u32 %1, 0, 0;"
                           : "=r"(x), "=r"(y) : "r"(a), "r"(b), "r"(c)); PUT(x); PUT(y); }
  { u32 x, y, z; asm volatile("mad.lo.cc.u32 %0, %3, %4, %5; madc.hi.cc.u32 %1, %3, %4, %5; addc.u32 %2, 0, 0;"
                              : "=r"(x), "=r"(y), "=r"(z) : "r"(a), "r"(b), "r"(c)); PUT(x); PUT(y); PUT(z); }
  U2("max.relu.s32") U2("min.relu.s32")
  { u32 x, y; asm volatile("add.cc.s32 %0, %2, %3; subc.u32 %1, %4, 0;"
                           : "=r"(x), "=r"(y) : "r"(a), "r"(b), "r"(c)); PUT(x); PUT(y); }
  END
}

// ------------------------------------------------------- 16- and 64-bit integer
// in: a, b, c as u64 (W = 6); the 16-bit ops use their low halves.
extern "C" __global__ void alu_int_wide(const u32* in, u32* out) {
  const u32 t = threadIdx.x, n = blockDim.x;
  const u64* in64 = (const u64*)in;
  const u64 a = in64[3 * t], b = in64[3 * t + 1], c = in64[3 * t + 2];
  const u16 ha = (u16)a, hb = (u16)b, hc = (u16)c;
  const u32 bl = (u32)b, cl = (u32)c;
  int k = 0;
  L2("add.s64") L2("sub.s64") L2("mul.lo.s64") L2("mul.hi.s64") L2("mul.hi.u64")
  L3("mad.lo.s64") L3("mad.hi.u64") L3("mad.hi.s64")
  L2("div.s64") L2("div.u64") L2("rem.s64") L2("rem.u64")
  L1("abs.s64") L1("neg.s64") L2("min.s64") L2("max.s64") L2("min.u64") L2("max.u64")
  L3("sad.s64") L3("sad.u64")
  { u32 d; asm volatile("popc.b64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("clz.b64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("bfind.u64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("bfind.s64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("bfind.shiftamt.s64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  L1("brev.b64") L1("not.b64") L1("cnot.b64")
  { u64 d; asm volatile("bfe.u64 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "r"(bl), "r"(cl)); PUT64(d); }
  { u64 d; asm volatile("bfe.s64 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "r"(bl), "r"(cl)); PUT64(d); }
  { u64 d; asm volatile("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(d) : "l"(a), "l"(b), "r"(cl & 0xff), "r"(cl >> 8)); PUT64(d); }
  { u64 d; asm volatile("shl.b64 %0, %1, %2;" : "=l"(d) : "l"(a), "r"(bl)); PUT64(d); }
  { u64 d; asm volatile("shr.u64 %0, %1, %2;" : "=l"(d) : "l"(a), "r"(bl)); PUT64(d); }
  { u64 d; asm volatile("shr.s64 %0, %1, %2;" : "=l"(d) : "l"(a), "r"(bl)); PUT64(d); }
  { u64 x, y; asm volatile("add.cc.u64 %0, %2, %3; addc.u64 %1, %2, %4;" : "=l"(x), "=l"(y) : "l"(a), "l"(b), "l"(c)); PUT64(x); PUT64(y); }
  { u64 x, y; asm volatile("sub.cc.s64 %0, %2, %3; subc.s64 %1, %2, %4;" : "=l"(x), "=l"(y) : "l"(a), "l"(b), "l"(c)); PUT64(x); PUT64(y); }
  SETP64("lt.s64") SETP64("lo.u64") SETP64("ne.b64")
  H2("add.s16") H2("sub.u16") H2("mul.lo.s16") H2("mul.hi.s16") H2("mul.hi.u16")
  { u32 d; asm volatile("mul.wide.s16 %0, %1, %2;" : "=r"(d) : "h"(ha), "h"(hb)); PUT(d); }
  { u32 d; asm volatile("mul.wide.u16 %0, %1, %2;" : "=r"(d) : "h"(ha), "h"(hb)); PUT(d); }
  H3("mad.lo.s16") H2("div.s16") H2("div.u16") H2("rem.s16") H2("rem.u16")
  H1("abs.s16") H1("neg.s16") H2("min.s16") H2("max.u16") H3("sad.s16")
  { u16 d; asm volatile("shl.b16 %0, %1, %2;" : "=h"(d) : "h"(ha), "r"(bl)); PUT((u32)d); }
  { u16 d; asm volatile("shr.s16 %0, %1, %2;" : "=h"(d) : "h"(ha), "r"(bl)); PUT((u32)d); }
  { u16 d; asm volatile("shr.u16 %0, %1, %2;" : "=h"(d) : "h"(ha), "r"(bl)); PUT((u32)d); }
  H2("and.b16") H2("or.b16") H2("xor.b16") H1("not.b16") H1("cnot.b16")
  { u32 d; asm volatile("{ .reg .pred p, q; .reg .b32 x, y; setp.lt.s16 p|q, %1, %2;"
                        " selp.u32 x, 1, 0, p; selp.u32 y, 2, 0, q; or.b32 %0, x, y; }"
                        : "=r"(d) : "h"(ha), "h"(hb)); PUT(d); }
  END
}

// ------------------------------------------------------------------ conversions
// in: a (u32), b (u32) per thread (W = 2): integer <-> integer and integer -> float.
extern "C" __global__ void alu_cvt_int(const u32* in, u32* out) {
  const u32 t = threadIdx.x, n = blockDim.x;
  const u32 a = in[2 * t], b = in[2 * t + 1];
  const u64 aw = ((u64)b << 32) | a;
  int k = 0;
  U1("cvt.s8.s32") U1("cvt.u8.s32") U1("cvt.s16.u32") U1("cvt.u16.s32")
  U1("cvt.sat.s8.s32") U1("cvt.sat.u8.s32") U1("cvt.sat.s16.s32") U1("cvt.sat.u16.s32")
  U1("cvt.sat.s8.u32") U1("cvt.sat.u16.u32") U1("cvt.sat.u32.s32") U1("cvt.sat.s32.u32")
  { u64 d; asm volatile("cvt.s64.s32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u64 d; asm volatile("cvt.u64.s32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u64 d; asm volatile("cvt.u64.u32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u64 d; asm volatile("cvt.sat.u64.s32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u32 d; asm volatile("cvt.u32.u64 %0, %1;" : "=r"(d) : "l"(aw)); PUT(d); }
  { u32 d; asm volatile("cvt.sat.s32.s64 %0, %1;" : "=r"(d) : "l"(aw)); PUT(d); }
  { u32 d; asm volatile("cvt.sat.u32.s64 %0, %1;" : "=r"(d) : "l"(aw)); PUT(d); }
  { u32 d; asm volatile("cvt.sat.s32.u64 %0, %1;" : "=r"(d) : "l"(aw)); PUT(d); }
  { u64 d; asm volatile("cvt.sat.u64.s64 %0, %1;" : "=l"(d) : "l"(aw)); PUT64(d); }
  { u64 d; asm volatile("cvt.sat.s64.u64 %0, %1;" : "=l"(d) : "l"(aw)); PUT64(d); }
  { u32 d; asm volatile("{ .reg .b8 x; cvt.u8.u32 x, %1; cvt.s32.s8 %0, x; }" : "=r"(d) : "r"(a)); PUT(d); }
  U1("cvt.rn.f32.s32") U1("cvt.rz.f32.s32") U1("cvt.rm.f32.s32") U1("cvt.rp.f32.s32")
  U1("cvt.rn.f32.u32") U1("cvt.rz.f32.u32") U1("cvt.rm.f32.u32") U1("cvt.rp.f32.u32")
  { u32 d; asm volatile("cvt.rn.f32.s64 %0, %1;" : "=r"(d) : "l"(aw)); PUT(d); }
  { u32 d; asm volatile("cvt.rz.f32.u64 %0, %1;" : "=r"(d) : "l"(aw)); PUT(d); }
  { u32 d; asm volatile("cvt.rp.f32.u64 %0, %1;" : "=r"(d) : "l"(aw)); PUT(d); }
  { u64 d; asm volatile("cvt.rn.f64.s64 %0, %1;" : "=l"(d) : "l"(aw)); PUT64(d); }
  { u64 d; asm volatile("cvt.rz.f64.u64 %0, %1;" : "=l"(d) : "l"(aw)); PUT64(d); }
  { u64 d; asm volatile("cvt.rp.f64.s64 %0, %1;" : "=l"(d) : "l"(aw)); PUT64(d); }
  { u64 d; asm volatile("cvt.rn.f64.s32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u16 d; asm volatile("cvt.rn.f16.s32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rz.f16.u32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rn.bf16.s32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rn.f16.s16 %0, %1;" : "=h"(d) : "h"((u16)a)); PUT((u32)d); }
  // packing and unpacking
  { u64 d; asm volatile("mov.b64 %0, {%1, %2};" : "=l"(d) : "r"(a), "r"(b)); PUT64(d); }
  { u32 d; asm volatile("{ .reg .b16 x, y; mov.b32 {x, y}, %1; mov.b32 %0, {y, x}; }" : "=r"(d) : "r"(a)); PUT(d); }
  { u32 d; asm volatile("{ .reg .b32 x; mov.b64 {_, x}, %1; mov.b32 %0, x; }" : "=r"(d) : "l"(aw)); PUT(d); }
  { u32 d; asm volatile("{ .reg .b8 w, x, y, z; mov.b32 {w, x, y, z}, %1; mov.b32 %0, {z, w, y, x}; }" : "=r"(d) : "r"(a)); PUT(d); }
  END
}

// ----------------------------------------------------------------------- f32
// in: a, b, c per thread (W = 3), as f32 bits.
extern "C" __global__ void alu_f32(const u32* in, u32* out) {
  const u32 t = threadIdx.x, n = blockDim.x;
  const u32 a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2];
  int k = 0;
  U2("add.rn.f32") U2("add.rz.f32") U2("add.rm.f32") U2("add.rp.f32") U2("add.rn.ftz.f32") U2("add.rn.sat.f32")
  U2("add.rz.ftz.sat.f32") U2("sub.rn.f32") U2("sub.rm.f32")
  U2("mul.rn.f32") U2("mul.rz.f32") U2("mul.rm.f32") U2("mul.rp.f32") U2("mul.rn.ftz.f32") U2("mul.rn.sat.f32")
  U3("fma.rn.f32") U3("fma.rz.f32") U3("fma.rm.f32") U3("fma.rp.f32") U3("fma.rn.ftz.f32") U3("fma.rn.sat.f32")
  U3("fma.rn.ftz.sat.f32") U3("mad.rn.f32")
  U2("div.rn.f32") U2("div.rz.f32") U2("div.rm.f32") U2("div.rp.f32") U2("div.rn.ftz.f32")
  U2("min.f32") U2("max.f32") U2("min.ftz.f32") U2("max.ftz.f32") U2("min.NaN.f32") U2("max.NaN.f32")
  U2("copysign.f32") U1("neg.f32") U1("abs.f32") U1("neg.ftz.f32") U1("abs.ftz.f32")
  U1("sqrt.rn.f32") U1("sqrt.rz.f32") U1("sqrt.rm.f32") U1("sqrt.rp.f32") U1("sqrt.rn.ftz.f32")
  U1("rcp.rn.f32") U1("rcp.rz.f32") U1("rcp.rm.f32") U1("rcp.rp.f32") U1("rcp.rn.ftz.f32")
  U1("cvt.rni.f32.f32") U1("cvt.rzi.f32.f32") U1("cvt.rmi.f32.f32") U1("cvt.rpi.f32.f32") U1("cvt.rni.ftz.f32.f32")
  U1("cvt.sat.f32.f32") U1("cvt.ftz.sat.f32.f32") U1("cvt.ftz.f32.f32")
  U1("cvt.rni.s32.f32") U1("cvt.rzi.s32.f32") U1("cvt.rmi.s32.f32") U1("cvt.rpi.s32.f32")
  U1("cvt.rzi.u32.f32") U1("cvt.rni.u32.f32") U1("cvt.rzi.ftz.s32.f32")
  { u16 d; asm volatile("cvt.rni.s16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rzi.u16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  U1("cvt.rzi.s8.f32") U1("cvt.rzi.u8.f32")
  { u64 d; asm volatile("cvt.rzi.s64.f32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u64 d; asm volatile("cvt.rni.u64.f32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u64 d; asm volatile("cvt.f64.f32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u64 d; asm volatile("cvt.ftz.f64.f32 %0, %1;" : "=l"(d) : "r"(a)); PUT64(d); }
  { u16 d; asm volatile("cvt.rn.f16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rz.f16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rm.f16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rp.f16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rn.relu.f16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rn.bf16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rz.bf16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rn.relu.bf16.f32 %0, %1;" : "=h"(d) : "r"(a)); PUT((u32)d); }
  U1("cvt.f32.f32")
  U2("cvt.rn.f16x2.f32") U2("cvt.rz.relu.f16x2.f32") U2("cvt.rn.bf16x2.f32") U2("cvt.rz.bf16x2.f32")
  SETP("lt.f32") SETP("le.f32") SETP("eq.f32") SETP("ne.f32") SETP("ltu.f32") SETP("neu.f32")
  SETP("equ.f32") SETP("geu.f32") SETP("num.f32") SETP("nan.f32") SETP("lt.ftz.f32") SETP("eq.ftz.f32")
  SETPC("gt.and.f32") SETPC("gtu.or.f32")
  U2("set.lt.f32.f32") U2("set.ltu.u32.f32") U2("set.eq.ftz.s32.f32")
  U3("slct.b32.f32") U3("slct.ftz.b32.f32")
  END
}

// ------------------------------------------------------------- f32 approximate
// in: a, b per thread (W = 2). Results are MUFU approximations.
extern "C" __global__ void alu_f32_approx(const u32* in, u32* out) {
  const u32 t = threadIdx.x, n = blockDim.x;
  const u32 a = in[2 * t], b = in[2 * t + 1];
  int k = 0;
  U2("div.approx.f32") U2("div.approx.ftz.f32") U2("div.full.f32") U2("div.full.ftz.f32")
  U1("sqrt.approx.f32") U1("sqrt.approx.ftz.f32") U1("rsqrt.approx.f32") U1("rsqrt.approx.ftz.f32")
  U1("rcp.approx.f32") U1("rcp.approx.ftz.f32") U1("sin.approx.f32") U1("sin.approx.ftz.f32")
  U1("cos.approx.f32") U1("cos.approx.ftz.f32") U1("lg2.approx.f32") U1("lg2.approx.ftz.f32")
  U1("ex2.approx.f32") U1("ex2.approx.ftz.f32") U1("tanh.approx.f32")
  U1("ex2.approx.f16x2") U1("tanh.approx.f16x2") U1("ex2.approx.ftz.bf16x2") U1("tanh.approx.bf16x2")
  { u64 d; asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=l"(d) : "l"(((u64)b << 32) | a)); PUT64(d); }
  { u64 d; asm volatile("rsqrt.approx.f64 %0, %1;" : "=l"(d) : "l"(((u64)b << 32) | a)); PUT64(d); }
  { u64 d; asm volatile("rsqrt.approx.ftz.f64 %0, %1;" : "=l"(d) : "l"(((u64)b << 32) | a)); PUT64(d); }
  END
}

// ------------------------------------------------------------ f16 and bf16
// in: a, b, c per thread (W = 3), each a packed pair of halves.
extern "C" __global__ void alu_f16(const u32* in, u32* out) {
  const u32 t = threadIdx.x, n = blockDim.x;
  const u32 a = in[3 * t], b = in[3 * t + 1], c = in[3 * t + 2];
  const u16 ha = (u16)a, hb = (u16)b, hc = (u16)c;
  int k = 0;
  H2("add.f16") H2("sub.rn.f16") H2("mul.f16") H3("fma.rn.f16") H2("add.ftz.f16") H2("mul.sat.f16")
  U2("add.f16x2") U2("sub.f16x2") U2("mul.rn.f16x2") U3("fma.rn.f16x2") U2("add.ftz.f16x2") U2("mul.ftz.f16x2")
  U3("fma.rn.ftz.f16x2") U2("add.sat.f16x2") U3("fma.rn.sat.f16x2") U3("fma.rn.relu.f16x2") U3("fma.rn.ftz.relu.f16x2")
  U2("min.f16x2") U2("max.f16x2") U2("min.NaN.f16x2") U2("max.ftz.f16x2") U2("max.NaN.f16x2")
  U1("neg.f16x2") U1("abs.f16x2") U1("neg.ftz.f16x2") U1("abs.ftz.f16x2")
  H1("neg.f16") H1("abs.bf16") H2("min.f16") H2("max.bf16")
  U2("add.rn.bf16x2") U2("sub.rn.bf16x2") U2("mul.rn.bf16x2") U3("fma.rn.bf16x2") U3("fma.rn.relu.bf16x2")
  U2("min.bf16x2") U2("max.bf16x2") U2("min.NaN.bf16x2") U1("neg.bf16x2") U1("abs.bf16x2")
  H2("add.rn.bf16") H2("mul.rn.bf16") H3("fma.rn.bf16")
  { u32 d; asm volatile("cvt.f32.f16 %0, %1;" : "=r"(d) : "h"(ha)); PUT(d); }
  { u32 d; asm volatile("cvt.f32.bf16 %0, %1;" : "=r"(d) : "h"(ha)); PUT(d); }
  { u64 d; asm volatile("cvt.f64.f16 %0, %1;" : "=l"(d) : "h"(ha)); PUT64(d); }
  { u16 d; asm volatile("cvt.rni.f16.f16 %0, %1;" : "=h"(d) : "h"(ha)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rzi.f16.f16 %0, %1;" : "=h"(d) : "h"(ha)); PUT((u32)d); }
  { u32 d; asm volatile("cvt.rzi.s32.f16 %0, %1;" : "=r"(d) : "h"(ha)); PUT(d); }
  { u32 d; asm volatile("cvt.rni.u32.f16 %0, %1;" : "=r"(d) : "h"(ha)); PUT(d); }
  { u16 d; asm volatile("cvt.rn.bf16.f16 %0, %1;" : "=h"(d) : "h"(ha)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rn.f16.bf16 %0, %1;" : "=h"(d) : "h"(ha)); PUT((u32)d); }
  { u32 d; asm volatile("{ .reg .pred p, q; .reg .b32 x, y; setp.lt.f16x2 p|q, %1, %2;"
                        " selp.u32 x, 1, 0, p; selp.u32 y, 2, 0, q; or.b32 %0, x, y; }" : "=r"(d) : "r"(a), "r"(b)); PUT(d); }
  { u32 d; asm volatile("{ .reg .pred p, q; .reg .b32 x, y; setp.equ.and.f16x2 p|q, %1, %2, 0;"
                        " selp.u32 x, 1, 0, p; selp.u32 y, 2, 0, q; or.b32 %0, x, y; }" : "=r"(d) : "r"(a), "r"(b)); PUT(d); }
  { u32 d; asm volatile("{ .reg .pred p; setp.gt.f16 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(d) : "h"(ha), "h"(hb)); PUT(d); }
  { u32 d; asm volatile("{ .reg .pred p; setp.nan.ftz.f16 p, %1, %2; selp.u32 %0, 1, 0, p; }" : "=r"(d) : "h"(ha), "h"(hb)); PUT(d); }
  { u32 d; asm volatile("{ .reg .pred p, q; .reg .b32 x, y; setp.lt.bf16x2 p|q, %1, %2;"
                        " selp.u32 x, 1, 0, p; selp.u32 y, 2, 0, q; or.b32 %0, x, y; }" : "=r"(d) : "r"(a), "r"(b)); PUT(d); }
  U2("set.lt.f16x2.f16x2") U2("set.le.u32.f16x2")
  // The 16-bit result is packed with an explicit zero half: ptxas keeps .f16
  // set results in 32-bit registers with both halves written, and the C++
  // zero-extension of the .b16 register would otherwise be dropped.
  { u32 d; asm volatile("{ .reg .b16 x, z; set.ge.f16.f16 x, %1, %2; mov.b16 z, 0; mov.b32 %0, {x, z}; }"
                        : "=r"(d) : "h"(ha), "h"(hb)); PUT(d); }
  { u32 d; asm volatile("set.ne.u32.f16 %0, %1, %2;" : "=r"(d) : "h"(ha), "h"(hb)); PUT(d); }
  END
}

// ----------------------------------------------------------------------- f64
// in: a, b, c as f64 bits (W = 6).
extern "C" __global__ void alu_f64(const u32* in, u32* out) {
  const u32 t = threadIdx.x, n = blockDim.x;
  const u64* in64 = (const u64*)in;
  const u64 a = in64[3 * t], b = in64[3 * t + 1], c = in64[3 * t + 2];
  int k = 0;
  L2("add.rn.f64") L2("add.rz.f64") L2("add.rm.f64") L2("add.rp.f64") L2("sub.rn.f64")
  L2("mul.rn.f64") L2("mul.rz.f64") L2("mul.rm.f64") L2("mul.rp.f64")
  L3("fma.rn.f64") L3("fma.rz.f64") L3("fma.rm.f64") L3("fma.rp.f64") L3("mad.rn.f64")
  L2("div.rn.f64") L2("div.rz.f64") L2("div.rm.f64") L2("div.rp.f64")
  L1("sqrt.rn.f64") L1("sqrt.rz.f64") L1("sqrt.rm.f64") L1("sqrt.rp.f64")
  L1("rcp.rn.f64") L1("rcp.rz.f64") L1("rcp.rm.f64") L1("rcp.rp.f64")
  L2("min.f64") L2("max.f64") L1("neg.f64") L1("abs.f64") L2("copysign.f64")
  L1("cvt.rni.f64.f64") L1("cvt.rzi.f64.f64") L1("cvt.rmi.f64.f64") L1("cvt.rpi.f64.f64")
  { u32 d; asm volatile("cvt.rn.f32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("cvt.rz.f32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("cvt.rm.f32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("cvt.rp.f32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("cvt.rn.ftz.f32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("cvt.rn.sat.f32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u16 d; asm volatile("cvt.rn.f16.f64 %0, %1;" : "=h"(d) : "l"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rz.f16.f64 %0, %1;" : "=h"(d) : "l"(a)); PUT((u32)d); }
  { u16 d; asm volatile("cvt.rn.bf16.f64 %0, %1;" : "=h"(d) : "l"(a)); PUT((u32)d); }
  L1("cvt.rni.s64.f64") L1("cvt.rzi.u64.f64") L1("cvt.rmi.s64.f64")
  { u32 d; asm volatile("cvt.rzi.s32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u32 d; asm volatile("cvt.rpi.u32.f64 %0, %1;" : "=r"(d) : "l"(a)); PUT(d); }
  { u16 d; asm volatile("cvt.rni.s16.f64 %0, %1;" : "=h"(d) : "l"(a)); PUT((u32)d); }
  SETP64("lt.f64") SETP64("equ.f64") SETP64("nan.f64") SETP64("ge.f64")
  { u32 d; asm volatile("set.gt.f32.f64 %0, %1, %2;" : "=r"(d) : "l"(a), "l"(b)); PUT(d); }
  { u64 d; asm volatile("selp.f64 %0, %1, %2, 0;" : "=l"(d) : "l"(a), "l"(b)); PUT64(d); }
  { u64 d; asm volatile("slct.f64.s32 %0, %1, %2, %3;" : "=l"(d) : "l"(a), "l"(b), "r"((u32)(c >> 32))); PUT64(d); }
  END
}
