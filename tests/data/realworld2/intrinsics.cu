// Real-world corpus batch 2, module "intrinsics": the CUDA intrinsics users reach for.
// Warp level: __match_any_sync / __match_all_sync (32- and 64-bit, float, partial masks),
// __reduce_{add,min,max,and,or,xor}_sync (signed and unsigned, partial masks),
// __shfl_*_sync with width 4 / 8 / 16 and out-of-range source lanes, shuffles of double,
// long long, __half2 and of a struct member by member, ballots / any / all / vote.uni
// with partial masks, __activemask in divergent code, __fns.
// Integer: __brev(ll), __clz(ll), __ffs(ll), __popc(ll), __byte_perm, __funnelshift_*,
// __mul24, __umulhi, __mul64hi, __sad, __rhadd, __dp4a, __dp2a_lo/hi, the SIMD video
// intrinsics (__vadd4, __vabsdiff4, __vcmpgtu2, __vmaxs4, __vsads2, ...) and the Hopper DPX
// min/max intrinsics (__vimax3_s32, __viaddmax_s32, __vibmax_s32, ...).
// Floating point: half2 / bf16x2 arithmetic (__hadd2, __hfma2, __hfma2_relu, __hmax2,
// __hmax2_nan, __h2div, __hcmadd, h2rcp/h2sqrt/h2exp, comparisons, conversions with every
// rounding), __fdividef, __saturatef, rintf / roundf / truncf, __float2int_r{n,z,u,d},
// __float2ll/ull, __double2hiint / loint, __hiloint2double, __int_as_float, the
// directed-rounding float and double intrinsics (__fadd_rz, __fmaf_ru, __frcp_rd,
// __fsqrt_ru, __dadd_rd, __ddiv_ru, __dsqrt_rz, ...).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout. "t" is threadIdx.x, lane = t % 32.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx intrinsics.cu -o intrinsics.ptx
#include <cuda_bf16.h>
#include <cuda_fp16.h>

typedef unsigned int u32;
typedef unsigned long long u64;

#define FULL 0xffffffffu

// Block 64. v = in[t] (few distinct values), w = in[64 + t].
// out[t*6 + 0] = __match_any_sync(FULL, v)
// out[t*6 + 1] = __match_any_sync(FULL, (u64)v << 32 | (w & 1))  (64-bit)
// out[t*6 + 2] = __match_any_sync(FULL, (float)(v & 3))
// out[t*6 + 3] = __match_all_sync(FULL, v & 0xf0000000, &p) ^ p
// out[t*6 + 4] = odd lanes: __match_any_sync(0xaaaaaaaa, w % 3); even: mask 0x55555555
// out[t*6 + 5] = lanes < 16: __match_all_sync(0x0000ffff, w >> 28, &q) ^ q;
//                lanes >= 16: __match_all_sync(0xffff0000, 5, &q) ^ q
extern "C" __global__ void warp_match_any_all(const u32* in, u32* out) {
  u32 t = threadIdx.x, lane = t % 32;
  u32 v = in[t], w = in[64 + t];
  u32* o = out + t * 6;
  o[0] = __match_any_sync(FULL, v);
  o[1] = __match_any_sync(FULL, ((u64)v << 32) | (w & 1));
  o[2] = __match_any_sync(FULL, (float)(v & 3));
  int p = 0;
  u32 m = __match_all_sync(FULL, v & 0xf0000000u, &p);
  o[3] = m ^ (u32)p;
  if (lane & 1)
    o[4] = __match_any_sync(0xaaaaaaaau, w % 3);
  else
    o[4] = __match_any_sync(0x55555555u, w % 3);
  int q = 0;
  u32 mm;
  if (lane < 16)
    mm = __match_all_sync(0x0000ffffu, w >> 28, &q);
  else
    mm = __match_all_sync(0xffff0000u, 5u, &q);
  o[5] = mm ^ (u32)q;
}

// Block 64. v = in[t].
// out[t*8 + 0..8) = __reduce_add_sync(u32), __reduce_min_sync(u32), __reduce_max_sync(u32),
// __reduce_min_sync(int), __reduce_max_sync(int), __reduce_and_sync, __reduce_or_sync,
// __reduce_xor_sync - all over the full warp, except in warp 1 where lanes with
// (in[64 + t] & 1) take part with that mask (the others write the full-warp results of
// their own subgroup, the complement mask).
extern "C" __global__ void warp_reduce_sync_ops(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 v = in[t];
  u32 mask = FULL;
  if (t >= 32) {
    u32 sel = __ballot_sync(FULL, in[64 + t] & 1);
    mask = (in[64 + t] & 1) ? sel : ~sel;
  }
  u32* o = out + t * 8;
  o[0] = __reduce_add_sync(mask, v);
  o[1] = __reduce_min_sync(mask, v);
  o[2] = __reduce_max_sync(mask, v);
  o[3] = (u32)__reduce_min_sync(mask, (int)v);
  o[4] = (u32)__reduce_max_sync(mask, (int)v);
  o[5] = __reduce_and_sync(mask, v | 0x0f0f0000u);
  o[6] = __reduce_or_sync(mask, v & 0x11111111u);
  o[7] = __reduce_xor_sync(mask, v);
}

// Block 64. v = in[t], s = in[64 + t] (a source-lane selector, may exceed the width).
// out[t*10 + 0] = __shfl_sync(FULL, v, s, 8)        (srcLane taken modulo the width)
// out[t*10 + 1] = __shfl_sync(FULL, v, (int)s - 40, 16) (negative source lanes)
// out[t*10 + 2] = __shfl_up_sync(FULL, v, 3, 16)    (lanes < 3 of each 16 keep v)
// out[t*10 + 3] = __shfl_down_sync(FULL, v, 1, 4)
// out[t*10 + 4] = __shfl_down_sync(FULL, v, 5, 4)   (delta >= width)
// out[t*10 + 5] = __shfl_xor_sync(FULL, v, 2, 4)
// out[t*10 + 6] = __shfl_xor_sync(FULL, v, 8, 8)    (laneMask = width)
// out[t*10 + 7] = __shfl_sync(FULL, v, s)           (full width, s may be >= 32)
// out[t*10 + 8] = __shfl_up_sync(FULL, v, s % 4, 8) (per-lane delta)
// out[t*10 + 9] = __shfl_sync(0x0000ffff or 0xffff0000, v, s, 16) (half-warp masks)
extern "C" __global__ void warp_shfl_width_oob(const u32* in, u32* out) {
  u32 t = threadIdx.x, lane = t % 32;
  u32 v = in[t], s = in[64 + t];
  u32* o = out + t * 10;
  o[0] = __shfl_sync(FULL, v, s, 8);
  o[1] = __shfl_sync(FULL, v, (int)s - 40, 16);
  o[2] = __shfl_up_sync(FULL, v, 3, 16);
  o[3] = __shfl_down_sync(FULL, v, 1, 4);
  o[4] = __shfl_down_sync(FULL, v, 5, 4);
  o[5] = __shfl_xor_sync(FULL, v, 2, 4);
  o[6] = __shfl_xor_sync(FULL, v, 8, 8);
  o[7] = __shfl_sync(FULL, v, s);
  o[8] = __shfl_up_sync(FULL, v, s % 4, 8);
  if (lane < 16)
    o[9] = __shfl_sync(0x0000ffffu, v, s, 16);
  else
    o[9] = __shfl_sync(0xffff0000u, v, s, 16);
}

struct Particle {
  float x, y;
  int id;
  double w;
};

// Block 64. Shuffles of 64-bit and packed types. d = double from in[2t], in[2t+1];
// ll = the same bits as long long; h = __half2 from in[128 + t]; a struct Particle
// {x = float in[192 + t], y = -x, id = t, w = d} is shuffled member by member.
// out[t*12 + 0..2) = __shfl_down_sync(d, 1) (lo, hi), [2..4) = __shfl_xor_sync(ll, 5),
// [4..6) = __shfl_sync((u64)ll, 31 - lane) , [6] = __shfl_up_sync(h, 2) bits,
// [7] = __shfl_xor_sync(bf16x2 made of h's bits, 16), [8..12) = the struct from lane
// (lane + 7) % 32: x bits, y bits, id, low word of w.
extern "C" __global__ void warp_shfl_wide_types(const u32* in, u32* out) {
  u32 t = threadIdx.x, lane = t % 32;
  u64 bits = (u64)in[2 * t] | ((u64)in[2 * t + 1] << 32);
  double d = __longlong_as_double((long long)bits);
  long long ll = (long long)bits;
  u32 hw = in[128 + t];
  __half2 h = *reinterpret_cast<__half2*>(&hw);
  __nv_bfloat162 bh = *reinterpret_cast<__nv_bfloat162*>(&hw);
  Particle p{__uint_as_float(in[192 + t]), -__uint_as_float(in[192 + t]), (int)t, d};
  u32* o = out + t * 12;
  double d1 = __shfl_down_sync(FULL, d, 1);
  long long l2 = __shfl_xor_sync(FULL, ll, 5);
  u64 u3 = __shfl_sync(FULL, (u64)ll, 31 - lane);
  __half2 h4 = __shfl_up_sync(FULL, h, 2);
  __nv_bfloat162 b5 = __shfl_xor_sync(FULL, bh, 16);
  int src = (lane + 7) % 32;
  Particle q;
  q.x = __shfl_sync(FULL, p.x, src);
  q.y = __shfl_sync(FULL, p.y, src);
  q.id = __shfl_sync(FULL, p.id, src);
  q.w = __shfl_sync(FULL, p.w, src);
  u64 b1 = (u64)__double_as_longlong(d1);
  o[0] = (u32)b1;
  o[1] = (u32)(b1 >> 32);
  o[2] = (u32)l2;
  o[3] = (u32)((u64)l2 >> 32);
  o[4] = (u32)u3;
  o[5] = (u32)(u3 >> 32);
  o[6] = *reinterpret_cast<u32*>(&h4);
  o[7] = *reinterpret_cast<u32*>(&b5);
  o[8] = __float_as_uint(q.x);
  o[9] = __float_as_uint(q.y);
  o[10] = (u32)q.id;
  o[11] = (u32)__double_as_longlong(q.w);
}

// Block 64. v = in[t]. Votes with partial masks and __activemask in divergent code.
// out[t*8 + 0] = __ballot_sync(FULL, v & 1)
// out[t*8 + 1] = lanes < 20: __ballot_sync(0x000fffff, v & 2); others: __any_sync(0xfff00000, v & 4)
// out[t*8 + 2] = odd lanes: __all_sync(0xaaaaaaaa, v > 1e8); even: __any_sync(0x55555555, v < 1e8)
// out[t*8 + 3] = __activemask() inside if (v % 3 == 0) (0 in the other lanes)
// out[t*8 + 4] = __activemask() inside the else-branch of if (lane < 7 || lane > 25)
// out[t*8 + 5] = vote.sync.uni.pred on a warp-uniform predicate (in[128 + t / 32] & 1)
// out[t*8 + 6] = __popc(__ballot_sync(FULL, v > in[128 + t / 32]))
// out[t*8 + 7] = __fns(__ballot_sync(FULL, v & 1), lane, (int)(v % 5) - 2)
extern "C" __global__ void warp_vote_partial_activemask(const u32* in, u32* out) {
  u32 t = threadIdx.x, lane = t % 32;
  u32 v = in[t], u = in[128 + t / 32];
  u32* o = out + t * 8;
  o[0] = __ballot_sync(FULL, v & 1);
  if (lane < 20)
    o[1] = __ballot_sync(0x000fffffu, v & 2);
  else
    o[1] = (u32)__any_sync(0xfff00000u, v & 4);
  if (lane & 1)
    o[2] = (u32)__all_sync(0xaaaaaaaau, v > 100000000u);
  else
    o[2] = (u32)__any_sync(0x55555555u, v < 100000000u);
  u32 am = 0;
  if (v % 3 == 0) am = __activemask();
  o[3] = am;
  u32 am2 = 0;
  if (lane < 7 || lane > 25) {
    am2 = 0xdead;
  } else {
    am2 = __activemask();
  }
  o[4] = am2;
  u32 uni;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.uni.pred q, p, 0xffffffff; selp.u32 %0, 1, 0, q; }"
               : "=r"(uni)
               : "r"(u & 1));
  o[5] = uni;
  o[6] = __popc(__ballot_sync(FULL, v > u));
  o[7] = __fns(__ballot_sync(FULL, v & 1), lane, (int)(v % 5) - 2);
}

// Block 64. a = in[t], b = in[64 + t], c = in[128 + t]; A = a | b << 32, B = c | a << 32.
// out[t*24 + k] for k = 0..24: __brev(a), __brevll(A) lo, hi, __clz(a), __clzll(A >> (b % 64)),
// __ffs(a & b), __ffsll(A & (B << 20)), __popc(a), __popcll(A ^ B), __byte_perm(a, b, c),
// __funnelshift_l(a, b, c), __funnelshift_r(a, b, c), __funnelshift_lc(a, b, c),
// __funnelshift_rc(a, b, c), __mul24(a, b), __umul24(a, b), __umulhi(a, b),
// __mulhi(a, b), __mul64hi(A, B) lo, __umul64hi(A, B) hi, __sad(a, b, c), __usad(a, b, c),
// __rhadd(a, b), __uhadd(a, c).
extern "C" __global__ void int_bit_intrinsics(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 a = in[t], b = in[64 + t], c = in[128 + t];
  u64 A = (u64)a | ((u64)b << 32), B = (u64)c | ((u64)a << 32);
  u32* o = out + t * 24;
  o[0] = __brev(a);
  u64 r = __brevll(A);
  o[1] = (u32)r;
  o[2] = (u32)(r >> 32);
  o[3] = (u32)__clz((int)a);
  o[4] = (u32)__clzll((long long)(A >> (b % 64)));
  o[5] = (u32)__ffs((int)(a & b));
  o[6] = (u32)__ffsll((long long)(A & (B << 20)));
  o[7] = (u32)__popc(a);
  o[8] = (u32)__popcll(A ^ B);
  o[9] = __byte_perm(a, b, c);
  o[10] = __funnelshift_l(a, b, c);
  o[11] = __funnelshift_r(a, b, c);
  o[12] = __funnelshift_lc(a, b, c);
  o[13] = __funnelshift_rc(a, b, c);
  o[14] = (u32)__mul24((int)a, (int)b);
  o[15] = __umul24(a, b);
  o[16] = __umulhi(a, b);
  o[17] = (u32)__mulhi((int)a, (int)b);
  o[18] = (u32)__mul64hi((long long)A, (long long)B);
  o[19] = (u32)(__umul64hi(A, B) >> 32);
  o[20] = __sad((int)a, (int)b, c);
  o[21] = __usad(a, b, c);
  o[22] = (u32)__rhadd((int)a, (int)b);
  o[23] = __uhadd(a, c);
}

// Block 64. a = in[t], b = in[64 + t], c = in[128 + t].
// out[t*28 + k]: __dp4a(int), __dp4a(unsigned), __dp2a_lo(int), __dp2a_hi(unsigned),
// __vadd4, __vsub2, __vaddss4, __vsubus2, __vabsdiffu4, __vabsdiffs2, __vabsss4, __vavgu4,
// __vhaddu2, __vcmpgtu2, __vcmpeq4, __vcmplts4, __vmaxs4, __vminu2, __vmaxu4, __vmins2,
// __vneg4, __vsads2, __vsadu4, __vseteq2, __vsetgeu4, __vsetgts2, __vsetne4, __vavgs2.
extern "C" __global__ void int_dot_simd_video(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 a = in[t], b = in[64 + t], c = in[128 + t];
  u32* o = out + t * 28;
  o[0] = (u32)__dp4a((int)a, (int)b, (int)c);
  o[1] = __dp4a(a, b, c);
  o[2] = (u32)__dp2a_lo((int)a, (int)b, (int)c);
  o[3] = __dp2a_hi(a, b, c);
  o[4] = __vadd4(a, b);
  o[5] = __vsub2(a, b);
  o[6] = __vaddss4(a, b);
  o[7] = __vsubus2(a, b);
  o[8] = __vabsdiffu4(a, b);
  o[9] = __vabsdiffs2(a, b);
  o[10] = __vabsss4(a);
  o[11] = __vavgu4(a, b);
  o[12] = __vhaddu2(a, b);
  o[13] = __vcmpgtu2(a, b);
  o[14] = __vcmpeq4(a, c);
  o[15] = __vcmplts4(a, b);
  o[16] = __vmaxs4(a, b);
  o[17] = __vminu2(a, b);
  o[18] = __vmaxu4(a, c);
  o[19] = __vmins2(b, c);
  o[20] = __vneg4(a);
  o[21] = __vsads2(a, b);
  o[22] = __vsadu4(a, b);
  o[23] = __vseteq2(a, c);
  o[24] = __vsetgeu4(a, b);
  o[25] = __vsetgts2(a, b);
  o[26] = __vsetne4(a, c);
  o[27] = __vavgs2(a, b);
}

// Block 64. Hopper DPX min/max (the dynamic-programming intrinsics).
// a = in[t], b = in[64 + t], c = in[128 + t]. out[t*14 + k] for k = 0..14:
// __vimax3_s32(a,b,c), __vimin3_u32(a,b,c), __vimax3_s32_relu(a,b,c), __vimax_s32_relu(a,b),
// __viaddmax_s32(a,b,c), __viaddmin_u32(a,b,c), __viaddmax_s32_relu(a,b,c),
// __vimax_s16x2_relu(a,b), __vimin3_s16x2(a,b,c), __viaddmax_s16x2(a,b,c),
// __viaddmin_u16x2(a,b,c), __vibmax_s32(a,b,&p), p, (__vibmin_u32(a,c,&q) & 0x7fffffff) | q << 31.
extern "C" __global__ void dpx_hopper_minmax(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 a = in[t], b = in[64 + t], c = in[128 + t];
  int sa = (int)a, sb = (int)b, sc = (int)c;
  u32* o = out + t * 14;
  o[0] = (u32)__vimax3_s32(sa, sb, sc);
  o[1] = __vimin3_u32(a, b, c);
  o[2] = (u32)__vimax3_s32_relu(sa, sb, sc);
  o[3] = (u32)__vimax_s32_relu(sa, sb);
  o[4] = (u32)__viaddmax_s32(sa, sb, sc);
  o[5] = __viaddmin_u32(a, b, c);
  o[6] = (u32)__viaddmax_s32_relu(sa, sb, sc);
  o[7] = __vimax_s16x2_relu(a, b);
  o[8] = __vimin3_s16x2(a, b, c);
  o[9] = __viaddmax_s16x2(a, b, c);
  o[10] = __viaddmin_u16x2(a, b, c);
  bool p = false, q = false;
  o[11] = (u32)__vibmax_s32(sa, sb, &p);
  o[12] = (u32)p;
  u32 m = __vibmin_u32(a, c, &q);
  o[13] = (m & 0x7fffffffu) | ((u32)q << 31);
}

// Block 64. half2 arithmetic; x = in[t], y = in[64 + t], z = in[128 + t] as __half2.
// out[t*20 + k]: 0 __hadd2, 1 __hsub2, 2 __hmul2, 3 __hfma2, 4 __hfma2_relu, 5 __hmax2,
// 6 __hmin2, 7 __hmax2_nan, 8 __h2div, 9 __hneg2, 10 __habs2, 11 __hadd2_sat, 12 __hcmadd,
// 13 h2rcp(x), 14 h2sqrt(|y|), 15 h2exp(z), 16 __hlt2(x,y) ^ __hbgt2(x,y) << 16 ^
// __hbeq2(x,z) << 17 ^ __hisnan2(y) << 3, 17 __hfma_relu of the low halves |
// __hmax_nan of the high halves << 16, 18 __float22half2_rn(__half22float2(x) * 3 + 0.1),
// 19 a mix of __float2half_rz / _rd / _ru and __half2int_rn of g = float(y.low) * 1.37.
extern "C" __global__ void half2_arith(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 xw = in[t], yw = in[64 + t], zw = in[128 + t];
  __half2 x = *reinterpret_cast<__half2*>(&xw), y = *reinterpret_cast<__half2*>(&yw),
          z = *reinterpret_cast<__half2*>(&zw);
  u32* o = out + t * 20;
  auto W = [](__half2 h) { return *reinterpret_cast<u32*>(&h); };
  auto H = [](__half h) { return (u32)__half_as_ushort(h); };
  o[0] = W(__hadd2(x, y));
  o[1] = W(__hsub2(x, y));
  o[2] = W(__hmul2(x, y));
  o[3] = W(__hfma2(x, y, z));
  o[4] = W(__hfma2_relu(x, y, z));
  o[5] = W(__hmax2(x, y));
  o[6] = W(__hmin2(x, y));
  o[7] = W(__hmax2_nan(x, y));
  o[8] = W(__h2div(x, y));
  o[9] = W(__hneg2(x));
  o[10] = W(__habs2(x));
  o[11] = W(__hadd2_sat(x, y));
  o[12] = W(__hcmadd(x, y, z));
  o[13] = W(h2rcp(x));
  o[14] = W(h2sqrt(__habs2(y)));
  o[15] = W(h2exp(z));
  o[16] = W(__hlt2(x, y)) ^ ((u32)__hbgt2(x, y) << 16) ^ ((u32)__hbeq2(x, z) << 17) ^ (W(__hisnan2(y)) << 3);
  o[17] = H(__hfma_relu(__low2half(x), __low2half(y), __low2half(z))) |
          (H(__hmax_nan(__high2half(x), __high2half(y))) << 16);
  float2 f = __half22float2(x);
  o[18] = W(__float22half2_rn(make_float2(f.x * 3.f + 0.1f, f.y * 3.f + 0.1f)));
  float g = __low2float(y) * 1.37f;
  o[19] = (H(__float2half_rz(g)) ^ (H(__float2half_rd(g)) << 16)) + H(__float2half_ru(g)) * 3 +
          (u32)__half2int_rn(__float2half_rn(g)) * 7;
}

// Block 64. bf16x2 arithmetic; x = in[t], y = in[64 + t], z = in[128 + t] as
// __nv_bfloat162. out[t*14 + k]: __hadd2, __hsub2, __hmul2, __hfma2, __hfma2_relu,
// __hmax2, __hmin2_nan, __h2div, __hneg2, h2exp, h2sqrt(|y|), __hmul2_rn,
// __float22bfloat162_rn(__bfloat1622float2(x) * 1.5 - 0.3), and
// __float2bfloat16_rz | __float2bfloat16_rn << 16 of float(y.low) / 3.
extern "C" __global__ void bf16_arith(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  u32 xw = in[t], yw = in[64 + t], zw = in[128 + t];
  typedef __nv_bfloat162 B2;
  B2 x = *reinterpret_cast<B2*>(&xw), y = *reinterpret_cast<B2*>(&yw), z = *reinterpret_cast<B2*>(&zw);
  u32* o = out + t * 14;
  auto W = [](B2 h) { return *reinterpret_cast<u32*>(&h); };
  auto H = [](__nv_bfloat16 h) { return (u32)__bfloat16_as_ushort(h); };
  o[0] = W(__hadd2(x, y));
  o[1] = W(__hsub2(x, y));
  o[2] = W(__hmul2(x, y));
  o[3] = W(__hfma2(x, y, z));
  o[4] = W(__hfma2_relu(x, y, z));
  o[5] = W(__hmax2(x, y));
  o[6] = W(__hmin2_nan(x, y));
  o[7] = W(__h2div(x, y));
  o[8] = W(__hneg2(x));
  o[9] = W(h2exp(z));
  o[10] = W(h2sqrt(__habs2(y)));
  o[11] = W(__hmul2_rn(x, z));
  float2 f = __bfloat1622float2(x);
  o[12] = W(__float22bfloat162_rn(make_float2(f.x * 1.5f - 0.3f, f.y * 1.5f - 0.3f)));
  float g = __low2float(y) / 3.f;
  o[13] = H(__float2bfloat16_rz(g)) | (H(__float2bfloat16_rn(g)) << 16);
}

// Block 64. Float conversions and fast paths; x = float in[t], y = float in[64 + t].
// out[t*24 + k]: __fdividef(x, y), __saturatef(x), rintf(x), nearbyintf(x), roundf(x),
// truncf(x), floorf(x), ceilf(x), __float2int_rn/rz/ru/rd(x), __float2uint_rn(x),
// __float2ll_rd(x) lo, __float2ull_ru(y) lo, __int_as_float(__float_as_int(x) + 1),
// __int2float_rd(in[t]), __uint2float_ru(in[64 + t]), __ll2float_rz(in[t] * in[64 + t]),
// lrintf(y), fminf(x, y), fmaxf(x, NaN-if-y<0), copysignf(x, y), __fdiv_rz(x, y).
extern "C" __global__ void float_conv_rounding(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]), y = __uint_as_float(in[64 + t]);
  u32* o = out + t * 24;
  auto F = [](float f) { return __float_as_uint(f); };
  o[0] = F(__fdividef(x, y));
  o[1] = F(__saturatef(x));
  o[2] = F(rintf(x));
  o[3] = F(nearbyintf(x));
  o[4] = F(roundf(x));
  o[5] = F(truncf(x));
  o[6] = F(floorf(x));
  o[7] = F(ceilf(x));
  o[8] = (u32)__float2int_rn(x);
  o[9] = (u32)__float2int_rz(x);
  o[10] = (u32)__float2int_ru(x);
  o[11] = (u32)__float2int_rd(x);
  o[12] = __float2uint_rn(x);
  o[13] = (u32)__float2ll_rd(x);
  o[14] = (u32)__float2ull_ru(y);
  o[15] = F(__int_as_float(__float_as_int(x) + 1));
  o[16] = F(__int2float_rd((int)in[t]));
  o[17] = F(__uint2float_ru(in[64 + t]));
  o[18] = F(__ll2float_rz((long long)(int)in[t] * (long long)(int)in[64 + t]));
  o[19] = (u32)lrintf(y);
  o[20] = F(fminf(x, y));
  o[21] = F(fmaxf(x, y < 0.f ? __int_as_float(0x7fc00000) : y));
  o[22] = F(copysignf(x, y));
  o[23] = F(__fdiv_rz(x, y));
}

// Block 64. Directed-rounding float and double intrinsics. x, y, z = float in[t],
// in[64 + t], in[128 + t]; X, Y = double from in[192 + 2t], in[193 + 2t] (lo, hi) and
// in[320 + 2t], in[321 + 2t]. out[t*26 + k]: 0 __fadd_rz(x,y), 1 __fadd_ru(x,y),
// 2 __fsub_rd(x,z), 3 __fmul_rz(x,y), 4 __fmul_ru(x,z), 5..8 __fmaf_rz/ru/rd(x,y,z),
// 8 __frcp_rn(x), 9 __frcp_rz(y), 10 __frcp_ru(z), 11 __frcp_rd(x), 12 __fsqrt_rn(|x|),
// 13 __fsqrt_ru(|y|), 14 __frsqrt_rn(|z|), 15 __fdiv_ru(x,y); doubles as (lo, hi):
// 16 __dadd_rd(X,Y), 18 __dmul_ru(X,Y), 20 __ddiv_rz(X,Y); 22 lo word of __drcp_rd(X),
// 23 bits 20..51 of __dsqrt_ru(|Y|), 24 (__double2hiint(X) ^ __double2loint(Y)) +
// 3 * bits(__double2float_rz(X)) + bits(__double2float_ru(Y)), 25 lo word of
// __hiloint2double(in[t], in[64 + t]) + X.
extern "C" __global__ void rounding_intrinsics(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]), y = __uint_as_float(in[64 + t]), z = __uint_as_float(in[128 + t]);
  double X = __hiloint2double((int)in[193 + 2 * t], (int)in[192 + 2 * t]);
  double Y = __hiloint2double((int)in[321 + 2 * t], (int)in[320 + 2 * t]);
  u32* o = out + t * 26;
  auto F = [](float f) { return __float_as_uint(f); };
  auto D = [](u32* p, double d) {
    u64 b = (u64)__double_as_longlong(d);
    p[0] = (u32)b;
    p[1] = (u32)(b >> 32);
  };
  o[0] = F(__fadd_rz(x, y));
  o[1] = F(__fadd_ru(x, y));
  o[2] = F(__fsub_rd(x, z));
  o[3] = F(__fmul_rz(x, y));
  o[4] = F(__fmul_ru(x, z));
  o[5] = F(__fmaf_rz(x, y, z));
  o[6] = F(__fmaf_ru(x, y, z));
  o[7] = F(__fmaf_rd(x, y, z));
  o[8] = F(__frcp_rn(x));
  o[9] = F(__frcp_rz(y));
  o[10] = F(__frcp_ru(z));
  o[11] = F(__frcp_rd(x));
  o[12] = F(__fsqrt_rn(fabsf(x)));
  o[13] = F(__fsqrt_ru(fabsf(y)));
  o[14] = F(__frsqrt_rn(fabsf(z)));
  o[15] = F(__fdiv_ru(x, y));
  D(o + 16, __dadd_rd(X, Y));
  D(o + 18, __dmul_ru(X, Y));
  D(o + 20, __ddiv_rz(X, Y));
  o[22] = (u32)__double_as_longlong(__drcp_rd(X));
  o[23] = (u32)(__double_as_longlong(__dsqrt_ru(fabs(Y))) >> 20);
  o[24] = (u32)(__double2hiint(X) ^ __double2loint(Y)) + F(__double2float_rz(X)) * 3u + F(__double2float_ru(Y));
  o[25] = (u32)__double_as_longlong(__hiloint2double((int)in[t], (int)in[64 + t]) + X);
}
