// Host harness for the hardware-golden kernels in this folder.
//
//   harness FAMILY FAMILY.ptx [TEST ...]   run the family's tests (all, or the named
//                                          ones) and print the golden JSON document
//   harness FAMILY --list                  print the family's test names
//
// It loads FAMILY.ptx itself through the CUDA driver API (cuModuleLoad, so the
// driver JIT-compiles exactly the PTX that is kept as test data), fills `in`,
// pre-fills `out` (saved as `out_init`), launches entry `name` with a 1-D grid/block
// (and a 1-D cluster when "cluster" > 0) with param0 = in, param1 = out, and records
// `out`. Every test is launched 3 times from the same in/out_init; when the runs
// disagree the test gets a "note" (the recorded out is run 1). Tests flagged as
// serialization-order tests always get a note saying whether the 3 runs agreed.
//
// Build: nvcc -std=c++17 -arch=sm_90a harness.cu -o harness -lcuda
// Output: {"device","sm","tests":[{"name","grid","block","cluster"[,"note"],"in","out_init","out"}]}
#include <cuda.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

typedef uint32_t u32;
typedef uint64_t u64;
typedef std::vector<u32> V;

#define CK(x)                                                                        \
  do {                                                                               \
    CUresult e_ = (x);                                                               \
    if (e_ != CUDA_SUCCESS) {                                                        \
      const char* s_ = nullptr;                                                      \
      cuGetErrorString(e_, &s_);                                                     \
      fprintf(stderr, "%s:%d %s -> %s\n", __FILE__, __LINE__, #x, s_ ? s_ : "?");    \
      exit(2);                                                                       \
    }                                                                                \
  } while (0)

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9e3779b97f4a7c15ull + 1) {}
  u32 next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (u32)(s >> 11); }
};

// ------------------------------------------------------------------ fill helpers
static void sentinel(V& v) { for (size_t i = 0; i < v.size(); ++i) v[i] = 0xcdcd0000u | (u32)(i & 0xffff); }
static void rnd(V& v, Rng& r, size_t b = 0, size_t e = (size_t)-1) { for (size_t i = b; i < std::min(e, v.size()); ++i) v[i] = r.next(); }
static u32 small_signed(Rng& r, int range) { return (u32)((int)(r.next() % (2 * range + 1)) - range); }
static u32 f2u(float f) { u32 u; memcpy(&u, &f, 4); return u; }
static u64 d2u(double d) { u64 u; memcpy(&u, &d, 8); return u; }

// (cell, operand) pairs that probe rounding, subnormals, signed zeros, inf and NaN.
static const u32 F32_SPECIAL[][2] = {
  {0x3f800000, 0x40000000}, {0x00000001, 0x00000001}, {0x00800000, 0x80000001}, {0x00400000, 0x00400000},
  {0x00000000, 0x80000000}, {0x80000000, 0x80000000}, {0x7f800000, 0xff800000}, {0x7fc12345, 0x3f800000},
  {0x3f800000, 0x7f812345}, {0x7f7fffff, 0x7f7fffff}, {0x3f800000, 0x33800000}, {0x3f800000, 0x33800001},
  {0x3f800001, 0x33800000}, {0x80000001, 0x00000000}, {0x00000000, 0x807fffff}, {0xff800000, 0x3f800000}};
static const u64 F64_SPECIAL[][2] = {
  {0x3ff0000000000000ull, 0x4000000000000000ull}, {0x1ull, 0x1ull}, {0x0010000000000000ull, 0x8000000000000001ull},
  {0x0008000000000000ull, 0x0008000000000000ull}, {0x0ull, 0x8000000000000000ull}, {0x8000000000000000ull, 0x8000000000000000ull},
  {0x7ff0000000000000ull, 0xfff0000000000000ull}, {0x7ff8000000012345ull, 0x3ff0000000000000ull},
  {0x3ff0000000000000ull, 0x7ff0000000012345ull}, {0x7fefffffffffffffull, 0x7fefffffffffffffull},
  {0x3ff0000000000000ull, 0x3ca0000000000000ull}, {0x3ff0000000000000ull, 0x3ca0000000000001ull}};
static const uint16_t F16_SPECIAL[][2] = {
  {0x3c00, 0x4000}, {0x0001, 0x0001}, {0x0400, 0x8001}, {0x0200, 0x0200}, {0x0000, 0x8000}, {0x8000, 0x8000},
  {0x7c00, 0xfc00}, {0x7e01, 0x3c00}, {0x3c00, 0x7d01}, {0x7bff, 0x7bff}, {0x3c00, 0x1000}, {0x3c00, 0x1001},
  {0x3c01, 0x1000}, {0x8001, 0x0000}, {0x0000, 0x83ff}, {0xbc00, 0x3c00}};
static const uint16_t BF16_SPECIAL[][2] = {
  {0x3f80, 0x4000}, {0x0001, 0x0001}, {0x0080, 0x8001}, {0x0040, 0x0040}, {0x0000, 0x8000}, {0x8000, 0x8000},
  {0x7f80, 0xff80}, {0x7fc1, 0x3f80}, {0x3f80, 0x7f81}, {0x7f7f, 0x7f7f}, {0x3f80, 0x3b80}, {0x3f80, 0x3b81},
  {0x3f81, 0x3b80}, {0x8001, 0x0000}, {0x0000, 0x807f}, {0xbf80, 0x3f80}};
static const int NSPEC16 = 16;

static u32 rnd_f32(Rng& r) {  // moderate magnitude, random mantissa and sign
  u32 e = 127 - 12 + r.next() % 24;
  return (r.next() & 0x80000000u) | (e << 23) | (r.next() & 0x7fffff);
}
static u64 rnd_f64(Rng& r) {
  u64 e = 1023 - 12 + r.next() % 24;
  return ((u64)(r.next() & 1) << 63) | (e << 52) | (((u64)r.next() << 32 | r.next()) & 0xfffffffffffffull);
}
static uint16_t rnd_f16(Rng& r) { u32 e = 15 - 5 + r.next() % 10; return (uint16_t)(((r.next() & 1) << 15) | (e << 10) | (r.next() & 0x3ff)); }
static uint16_t rnd_bf16(Rng& r) { u32 e = 127 - 8 + r.next() % 16; return (uint16_t)(((r.next() & 1) << 15) | (e << 7) | (r.next() & 0x7f)); }

// pair i: (cell, operand); the first entries are specials, the rest random
static void pair_f32(int i, Rng& r, u32& c, u32& b) {
  if (i < 16) { c = F32_SPECIAL[i][0]; b = F32_SPECIAL[i][1]; } else { c = rnd_f32(r); b = rnd_f32(r); }
}
static void pair_f64(int i, Rng& r, u64& c, u64& b) {
  if (i < 12) { c = F64_SPECIAL[i][0]; b = F64_SPECIAL[i][1]; } else { c = rnd_f64(r); b = rnd_f64(r); }
}
static void pair_h(bool bf, int i, Rng& r, uint16_t& c, uint16_t& b) {
  if (i < NSPEC16) { c = bf ? BF16_SPECIAL[i][0] : F16_SPECIAL[i][0]; b = bf ? BF16_SPECIAL[i][1] : F16_SPECIAL[i][1]; }
  else { c = bf ? rnd_bf16(r) : rnd_f16(r); b = bf ? rnd_bf16(r) : rnd_f16(r); }
}
static void set_h(V& v, size_t word, int half, uint16_t x) {
  v[word] = half ? ((v[word] & 0xffffu) | ((u32)x << 16)) : ((v[word] & 0xffff0000u) | x);
}
// Halves of words [wb, wb+nw) of `cell` and `op` filled with f16 or bf16 pairs,
// pair index starting at i0.
static void fill_halves(V& cell, size_t cb, V& op, size_t ob, size_t nw, bool bf, int i0, Rng& r) {
  for (size_t j = 0; j < 2 * nw; ++j) {
    uint16_t c, b; pair_h(bf, i0 + (int)j, r, c, b);
    set_h(cell, cb + j / 2, (int)(j & 1), c); set_h(op, ob + j / 2, (int)(j & 1), b);
  }
}
// The float cell layout of atom_*_float / red_*_float: f32 [0,N) f64 [N,3N) f16 halves
// [3N,3.5N) bf16 halves [3.5N,4N) f16x2 [4N,5N) bf16x2 [5N,6N).
static void fill_float6(V& cell, size_t cb, V& op, size_t ob, int N, Rng& r) {
  for (int t = 0; t < N; ++t) { u32 c, b; pair_f32(t, r, c, b); cell[cb + t] = c; op[ob + t] = b; }
  for (int t = 0; t < N; ++t) {
    u64 c, b; pair_f64(t, r, c, b);
    cell[cb + N + 2 * t] = (u32)c; cell[cb + N + 2 * t + 1] = (u32)(c >> 32);
    op[ob + N + 2 * t] = (u32)b; op[ob + N + 2 * t + 1] = (u32)(b >> 32);
  }
  fill_halves(cell, cb + 3 * N, op, ob + 3 * N, N / 2, false, 0, r);
  fill_halves(cell, cb + 3 * N + N / 2, op, ob + 3 * N + N / 2, N / 2, true, 0, r);
  fill_halves(cell, cb + 4 * N, op, ob + 4 * N, N, false, 3, r);
  fill_halves(cell, cb + 5 * N, op, ob + 5 * N, N, true, 3, r);
}
// inc/dec probe: bound b and a cell value that is 0, == b, > b, < b, 0xffffffff or b-1
static void incdec_pair(int i, u32& cell, u32& b) {
  b = (u32)(i % 8) * 3u;
  switch (i % 6) {
    case 0: cell = 0; break;
    case 1: cell = b; break;
    case 2: cell = b + 5; break;
    case 3: cell = b / 2; break;
    case 4: cell = 0xffffffffu; break;
    default: cell = b ? b - 1 : 7; break;
  }
}

// ------------------------------------------------------------------ test table
typedef std::function<void(V& in, V& out, Rng& r, int N)> Fill;
struct Test {
  const char* fam; const char* name; int grid, block, cluster, in_n, out_n;
  Fill fill; const char* note; bool order;
};

static Fill RAND = [](V& in, V& out, Rng& r, int) { sentinel(out); rnd(in, r); };
static Fill SMALL(int range) { return [range](V& in, V& out, Rng& r, int) { sentinel(out); for (auto& x : in) x = small_signed(r, range); }; }
static Fill FLOATS = [](V& in, V& out, Rng& r, int) { sentinel(out); for (auto& x : in) x = f2u((float)((int)(r.next() % 2000001u) - 1000000) * 1e-3f); };

static Fill atom_b32_fill = [](V& in, V& out, Rng& r, int N) {
  sentinel(out); rnd(in, r);
  for (int t = 0; t < N; ++t) {
    for (int k = 2; k <= 3; ++k) { u32 c, b; incdec_pair(t, c, b); in[k * N + t] = c; in[13 * N + k * N + t] = b; }
    in[13 * N + 12 * N + t] = (t % 2 == 0) ? in[12 * N + t] : (in[12 * N + t] ^ 1u);
  }
};
static Fill atom_b64_fill = [](V& in, V& out, Rng& r, int N) {
  sentinel(out); rnd(in, r);
  for (int t = 0; t < N; ++t) {
    size_t ci = 2 * (9 * N + t), bi = 20 * N + ci;
    if (t % 2 == 0) { in[bi] = in[ci]; in[bi + 1] = in[ci + 1]; } else { in[bi] = in[ci]; in[bi + 1] = in[ci + 1] ^ 0x100u; }
    if (t % 4 == 1) { in[2 * (3 * N + t) + 1] = in[20 * N + 2 * (3 * N + t) + 1]; }  // min.s64 equal high words
  }
};
static Fill float6_fill(bool has_init_in_out) {
  return [has_init_in_out](V& in, V& out, Rng& r, int N) {
    sentinel(out);
    if (has_init_in_out) fill_float6(out, 0, in, 0, N, r);   // red_global_float: cells = out_init
    else fill_float6(in, 0, in, 6 * N, N, r);               // init | b in `in`
  };
}
// atom_global_vec: 13 regions of 4N words, types per region.
static Fill atom_vec_fill = [](V& in, V& out, Rng& r, int N) {
  sentinel(out); rnd(in, r);
  // region type: 0 f32, 1 f16, 2 bf16
  const int ty[13] = {0, 0, 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2};
  for (int k = 0; k < 13; ++k)
    for (int t = 0; t < N; ++t) {
      size_t c = (size_t)k * 4 * N + 4 * t, b = 52 * N + c;
      if (ty[k] == 0) for (int j = 0; j < 4; ++j) { u32 x, y; pair_f32((t * 4 + j) % 48, r, x, y); in[c + j] = x; in[b + j] = y; }
      else fill_halves(in, c, in, b, 4, ty[k] == 2, (t * 8) % 40, r);
    }
};
static Fill red_vec_fill = [](V& in, V& out, Rng& r, int N) {
  sentinel(out);
  for (int k = 0; k < 32; ++k) {
    int ty = k < 9 ? 1 : k < 18 ? 2 : k < 24 ? 1 : k < 30 ? 2 : 0;
    for (int t = 0; t < N; ++t) {
      size_t c = (size_t)k * 4 * N + 4 * t;
      if (ty == 0) for (int j = 0; j < 4; ++j) { u32 x, y; pair_f32((t * 4 + j) % 48, r, x, y); out[c + j] = x; in[c + j] = y; }
      else fill_halves(out, c, in, c, 4, ty == 2, (t * 8 + k) % 40, r);
    }
  }
};
static Fill atom_sem_fill = [](V& in, V& out, Rng& r, int N) {
  sentinel(out); rnd(in, r);
  for (int t = 0; t < N; ++t) {
    size_t c9 = 9 * 4 * N + 4 * t, c11 = 11 * 4 * N + 4 * t;
    if (t % 2 == 0) in[52 * N + c9] = (in[52 * N + c9] & 0xffff0000u) | (in[c9] & 0xffffu);
    if (t % 2 == 0) for (int j = 0; j < 4; ++j) in[52 * N + c11 + j] = in[c11 + j];
    else if (t % 4 == 1) for (int j = 0; j < 3; ++j) in[52 * N + c11 + j] = in[c11 + j];  // differs in the top word only
  }
};
static Fill order_fill(bool global) {
  return [global](V& in, V& out, Rng& r, int) {
    sentinel(out);
    if (global) for (int i = 0; i < 4; ++i) out[i] = 0;
    for (auto& x : in) x = f2u((float)(r.next() % 1000000u) * (1.0f / 1024.0f) + 0.1f);
  };
}
static Fill red_int_fill(bool global) {
  return [global](V& in, V& out, Rng& r, int N) {
    sentinel(out);
    V cells(27 * N), b(27 * N);
    rnd(cells, r); rnd(b, r);
    for (int t = 0; t < N; ++t) {
      int c = t % 16;
      for (int k = 5; k <= 6; ++k) { u32 cv, bv; incdec_pair(c, cv, bv); cells[k * N + c] = cv; b[k * N + t] = bv; }
      b[3 * N + t] &= 0xffffu;  // add.u32 small
    }
    if (global) { out = cells; in = b; }
    else { in.assign(cells.begin(), cells.end()); in.insert(in.end(), b.begin(), b.end()); }
  };
}
static Fill red_sem_fill = [](V& in, V& out, Rng& r, int N) {
  for (size_t i = 0; i < out.size(); ++i) out[i] = (u32)i * 1000u;
  for (int i = 0; i < 4; ++i) out[60 + i] = f2u(1.0f);
  for (auto& x : in) x = r.next() % 100000u;
  for (int t = 0; t < N; ++t) in[15 * N + t] = f2u((float)(r.next() % 64u) - 20.0f);
};
static Fill redasync_ops_fill = [](V& in, V& out, Rng& r, int) {
  sentinel(out); rnd(in, r);
  for (int l = 0; l < 32; ++l) {
    for (int k = 6; k <= 7; ++k) { u32 c, b; incdec_pair(l, c, b); in[k * 32 + l] = c; in[416 + k * 32 + l] = b; }
  }
};
static Fill mod_fill = [](V& in, V& out, Rng& r, int) {
  sentinel(out);
  for (size_t i = 0; i < in.size(); ++i) in[i] = (i < 32) ? r.next() % 3u : r.next() % 2u;
};
static Fill redux_fill = [](V& in, V& out, Rng& r, int) {
  sentinel(out); rnd(in, r, 0, 32);
  for (size_t i = 32; i < in.size(); ++i) in[i] = small_signed(r, 1000);
};
static Fill f64_fill = [](V& in, V& out, Rng& r, int) {
  sentinel(out);
  for (size_t i = 0; i < in.size() / 2; ++i) { u64 d = d2u((double)((int)(r.next() % 2000001u) - 1000000) * 1e-3); in[2 * i] = (u32)d; in[2 * i + 1] = (u32)(d >> 32); }
};
static Fill cg_async_fill = [](V& in, V& out, Rng& r, int) {
  sentinel(out); for (auto& x : in) x = small_signed(r, 1000);
  out[0] = 1000; out[1] = 0x80000000u;
};

static const char* UNDEF_SHFL_EXITED = "UNDEFINED per PTX ISA: lanes 16..31 exited; shuffles whose source lane is an exited lane";
static const char* UNDEF_SHFL_INACTIVE = "UNDEFINED per PTX ISA: membermask 0x0000ffff executed by lanes 0..15 in a branch; sources in 16..31 (inactive, not in membermask)";
static const char* UNDEF_SHFL_NOTMASK = "UNDEFINED per PTX ISA: whole warp converged, per-lane membermask 0x0000ffff / 0xffff0000; sources active but not in the lane's membermask";
static const char* UNDEF_REDUX = "UNDEFINED per PTX ISA: redux.sync with membermask 0xffffffff executed only by lanes 0..15 (lanes 16..31 skip it and exit)";

static std::vector<Test> all_tests() {
  return {
    // shfl
    {"shfl", "shfl_modes_bc", 1, 32, 0, 32, 27 * 64, RAND, nullptr, false},
    {"shfl", "shfl_reg_bc", 1, 32, 0, 64, 13 * 64, RAND, nullptr, false},
    {"shfl", "shfl_width", 1, 32, 0, 64, 32 * 32, RAND, nullptr, false},
    {"shfl", "shfl_bfly_scan", 1, 32, 0, 32, 15 * 32, FLOATS, nullptr, false},
    {"shfl", "shfl_partial_mask", 1, 32, 0, 32, 10 * 32, RAND, nullptr, false},
    {"shfl", "shfl_exited16", 1, 32, 0, 32, 5 * 32, RAND, nullptr, false},
    {"shfl", "shfl_undef_exited_src", 1, 32, 0, 32, 6 * 32, RAND, UNDEF_SHFL_EXITED, false},
    {"shfl", "shfl_undef_inactive_src", 1, 32, 0, 32, 5 * 32, RAND, UNDEF_SHFL_INACTIVE, false},
    {"shfl", "shfl_undef_not_in_mask", 1, 32, 0, 32, 6 * 32, RAND, UNDEF_SHFL_NOTMASK, false},
    // vote
    {"vote", "vote_negated", 1, 32, 0, 32, 4 * 256, RAND, nullptr, false},
    {"vote", "vote_partial_branch", 1, 32, 0, 32, 4 * 256 + 128, RAND, nullptr, false},
    {"vote", "vote_exited", 1, 32, 0, 32, 3 * 256, RAND, nullptr, false},
    {"vote", "vote_split_mask", 1, 32, 0, 32, 256, RAND, nullptr, false},
    // match
    {"match", "match_full", 1, 32, 0, 64, 21 * 32, mod_fill, nullptr, false},
    {"match", "match_partial_branch", 1, 32, 0, 64, 15 * 32, mod_fill, nullptr, false},
    {"match", "match_exited", 1, 32, 0, 64, 11 * 32, mod_fill, nullptr, false},
    {"match", "match_intrinsics", 1, 32, 0, 64, 6 * 32, mod_fill, nullptr, false},
    // redux
    {"redux", "redux_full", 1, 32, 0, 64, 18 * 32, redux_fill, nullptr, false},
    {"redux", "redux_partial_branch", 1, 32, 0, 32, 45 * 32, RAND, nullptr, false},
    {"redux", "redux_exited16", 1, 32, 0, 32, 10 * 32, RAND, nullptr, false},
    {"redux", "redux_split_mask", 1, 32, 0, 32, 9 * 32, RAND, nullptr, false},
    {"redux", "redux_undef_half_branch", 1, 32, 0, 32, 32, RAND, UNDEF_REDUX, false},
    // activemask
    {"activemask", "act_ifelse", 1, 32, 0, 32, 6 * 32, RAND, nullptr, false},
    {"activemask", "act_nested", 1, 32, 0, 32, 9 * 32, RAND, nullptr, false},
    {"activemask", "act_loop", 1, 32, 0, 32, 11 * 32, RAND, nullptr, false},
    {"activemask", "act_exit", 1, 32, 0, 32, 4 * 32, RAND, nullptr, false},
    {"activemask", "act_break", 1, 32, 0, 32, 17 * 32, RAND, nullptr, false},
    // atom
    {"atom", "atom_global_b32", 1, 32, 0, 27 * 32, 26 * 32, atom_b32_fill, nullptr, false},
    {"atom", "atom_shared_b32", 1, 64, 0, 27 * 64, 26 * 64, atom_b32_fill, nullptr, false},
    {"atom", "atom_global_b64", 1, 32, 0, 42 * 32, 40 * 32, atom_b64_fill, nullptr, false},
    {"atom", "atom_shared_b64", 1, 64, 0, 42 * 64, 40 * 64, atom_b64_fill, nullptr, false},
    {"atom", "atom_global_float", 1, 32, 0, 12 * 32, 13 * 32, float6_fill(false), nullptr, false},
    {"atom", "atom_shared_float", 1, 64, 0, 12 * 64, 13 * 64, float6_fill(false), nullptr, false},
    {"atom", "atom_global_vec", 1, 32, 0, 104 * 32, 104 * 32, atom_vec_fill, nullptr, false},
    {"atom", "atom_sem_scope", 1, 32, 0, 156 * 32, 104 * 32, atom_sem_fill, nullptr, false},
    {"atom", "atom_order_global_w32", 1, 32, 0, 32, 4 + 4 * 32, order_fill(true), nullptr, true},
    {"atom", "atom_order_global_w128", 1, 128, 0, 128, 4 + 4 * 128, order_fill(true), nullptr, true},
    {"atom", "atom_order_shared_w32", 1, 32, 0, 32, 4 + 4 * 32, order_fill(false), nullptr, true},
    {"atom", "atom_order_shared_w128", 1, 128, 0, 128, 4 + 4 * 128, order_fill(false), nullptr, true},
    // red
    {"red", "red_global_int", 1, 32, 0, 27 * 32, 27 * 32, red_int_fill(true), nullptr, false},
    {"red", "red_shared_int", 1, 64, 0, 54 * 64, 27 * 64, red_int_fill(false), nullptr, false},
    {"red", "red_global_float", 1, 32, 0, 6 * 32, 6 * 32, float6_fill(true), nullptr, false},
    {"red", "red_shared_float", 1, 64, 0, 12 * 64, 6 * 64, float6_fill(false), nullptr, false},
    {"red", "red_global_vec", 1, 32, 0, 128 * 32, 128 * 32, red_vec_fill, nullptr, false},
    {"red", "red_sem_scope", 1, 32, 0, 16 * 32, 64, red_sem_fill, nullptr, false},
    // mbarrier
    {"mbarrier", "mbarrier_single", 1, 32, 0, 1, 45, RAND, nullptr, false},
    {"mbarrier", "mbarrier_many", 1, 128, 0, 1, 11 * 128, RAND, nullptr, false},
    // redasync
    {"redasync", "redasync_ops", 2, 32, 2, 864, 424, redasync_ops_fill, nullptr, false},
    {"redasync", "redasync_ring4", 4, 32, 4, 512, 256, RAND, nullptr, false},
    // cgreduce
    {"cgreduce", "cg_tiles_int", 1, 32, 0, 32, 24 * 32, SMALL(100000), nullptr, false},
    {"cgreduce", "cg_tiles_unsigned", 1, 32, 0, 32, 24 * 32, RAND, nullptr, false},
    {"cgreduce", "cg_tiles_float", 1, 32, 0, 32, 12 * 32, FLOATS, nullptr, false},
    {"cgreduce", "cg_tiles_double", 1, 32, 0, 64, 12 * 64, f64_fill, nullptr, false},
    {"cgreduce", "cg_coalesced", 1, 32, 0, 32, 13 * 32, RAND, nullptr, false},
    {"cgreduce", "cg_reduce_async", 1, 64, 0, 64, 10, cg_async_fill, nullptr, false},
    {"cgreduce", "cg_std_dev", 1, 32, 0, 100, 64, SMALL(50), nullptr, false},
    {"cgreduce", "cg_block_reduce", 1, 128, 0, 300, 256, SMALL(1000), nullptr, false},
    // diverge
    {"diverge", "div_ifelse", 1, 32, 0, 32, 8 * 32, RAND, nullptr, false},
    {"diverge", "div_loop_trip", 1, 32, 0, 32, 15 * 32, RAND, nullptr, false},
    {"diverge", "div_nested", 1, 32, 0, 32, 9 * 32, RAND, nullptr, false},
    {"diverge", "div_syncwarp", 1, 32, 0, 32, 4 * 32, RAND, nullptr, false},
    {"diverge", "div_loop_exit_shfl", 1, 32, 0, 32, 6 * 32, RAND, nullptr, false},
    {"diverge", "div_early_return", 1, 32, 0, 32, 5 * 32, RAND, nullptr, false},
  };
}

static std::string dump(const V& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) { char b[16]; snprintf(b, 16, "%s%u", i ? "," : "", v[i]); s += b; }
  return s + "]";
}

static V launch(CUmodule mod, const Test& t, const V& in, const V& out_init) {
  CUfunction f;
  CK(cuModuleGetFunction(&f, mod, t.name));
  CUdeviceptr din, dout;
  CK(cuMemAlloc(&din, in.size() * 4));
  CK(cuMemAlloc(&dout, out_init.size() * 4));
  CK(cuMemcpyHtoD(din, in.data(), in.size() * 4));
  CK(cuMemcpyHtoD(dout, out_init.data(), out_init.size() * 4));
  void* args[] = {&din, &dout};
  CUlaunchConfig cfg = {};
  cfg.gridDimX = t.grid; cfg.gridDimY = 1; cfg.gridDimZ = 1;
  cfg.blockDimX = t.block; cfg.blockDimY = 1; cfg.blockDimZ = 1;
  CUlaunchAttribute attr = {};
  if (t.cluster > 0) {
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = t.cluster; attr.value.clusterDim.y = 1; attr.value.clusterDim.z = 1;
    cfg.attrs = &attr; cfg.numAttrs = 1;
  }
  CK(cuLaunchKernelEx(&cfg, f, args, nullptr));
  CK(cuCtxSynchronize());
  V out(out_init.size());
  CK(cuMemcpyDtoH(out.data(), dout, out.size() * 4));
  CK(cuMemFree(din)); CK(cuMemFree(dout));
  return out;
}

int main(int argc, char** argv) {
  if (argc < 3) { fprintf(stderr, "usage: %s FAMILY (FAMILY.ptx [TEST...] | --list)\n", argv[0]); return 1; }
  std::string fam = argv[1];
  std::vector<Test> tests;
  for (auto& t : all_tests())
    if (fam == t.fam) {
      bool want = argc <= 3;
      for (int i = 3; i < argc; ++i) want |= (strcmp(argv[i], t.name) == 0);
      if (want) tests.push_back(t);
    }
  if (std::string(argv[2]) == "--list") { for (auto& t : tests) printf("%s\n", t.name); return 0; }
  bool dry = std::string(argv[2]) == "--dry";  // no GPU: fills only, out = out_init
  if (tests.empty()) { fprintf(stderr, "no tests for family %s\n", fam.c_str()); return 1; }

  char name[256] = "dry run";
  int major = 0, minor = 0;
  CUmodule mod = nullptr;
  if (!dry) {
    CK(cuInit(0));
    CUdevice dev; CK(cuDeviceGet(&dev, 0));
    CUcontext ctx; CK(cuDevicePrimaryCtxRetain(&ctx, dev)); CK(cuCtxSetCurrent(ctx));
    CK(cuDeviceGetName(name, sizeof name, dev));
    CK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
    CK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
    CK(cuModuleLoad(&mod, argv[2]));
  }

  std::string doc = std::string("{\"device\": \"") + name + "\", \"sm\": \"" + std::to_string(major) + std::to_string(minor) + "\", \"tests\": [\n";
  for (size_t ti = 0; ti < tests.size(); ++ti) {
    const Test& t = tests[ti];
    // seed from the test name so a test's data does not depend on which others run
    uint64_t seed = 1469598103934665603ull;
    for (const char* c = t.name; *c; ++c) seed = (seed ^ (unsigned char)*c) * 1099511628211ull;
    Rng rng(seed);
    V in(t.in_n), out(t.out_n);
    t.fill(in, out, rng, t.block);
    if ((int)in.size() != t.in_n || (int)out.size() != t.out_n) { fprintf(stderr, "%s: fill changed sizes\n", t.name); return 3; }
    V out_init = out;
    V r1 = out_init, r2 = out_init, r3 = out_init;
    if (!dry) { r1 = launch(mod, t, in, out_init); r2 = launch(mod, t, in, out_init); r3 = launch(mod, t, in, out_init); }
    size_t ndiff = 0, first = 0;
    for (size_t i = 0; i < r1.size(); ++i)
      if (r1[i] != r2[i] || r1[i] != r3[i]) { if (!ndiff) first = i; ++ndiff; }
    std::string note = t.note ? t.note : "";
    std::string runs;
    if (ndiff) runs = "the 3 runs differed in " + std::to_string(ndiff) + " words (first at out[" + std::to_string(first) + "]); out is run 1";
    else if (t.order) runs = "the 3 runs agreed";
    if (t.order) runs = "same-address serialization-order test: " + runs;
    if (!runs.empty()) note += (note.empty() ? "" : "; ") + runs;
    doc += "{\"name\": \"" + std::string(t.name) + "\", \"grid\": " + std::to_string(t.grid) + ", \"block\": " +
           std::to_string(t.block) + ", \"cluster\": " + std::to_string(t.cluster) + ",";
    if (!note.empty()) doc += " \"note\": \"" + note + "\",";
    doc += "\n \"in\": " + dump(in) + ",\n \"out_init\": " + dump(out_init) + ",\n \"out\": " + dump(r1) + "}";
    doc += ti + 1 < tests.size() ? ",\n" : "\n";
    fprintf(stderr, "%s: ok%s\n", t.name, ndiff ? " (runs differed)" : "");
  }
  doc += "]}\n";
  fputs(doc.c_str(), stdout);
  return 0;
}
