#include "core/exec/tensor/matrix_numerics.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>

#include "core/exec/alu/float_bits.hpp"
#include "core/exec/alu/float_ops.hpp"

namespace ws::core::mx {
namespace {

// A decoded element: zero, finite sig * 2^exp, infinity or NaN. No default
// member initializers: dotBlock's scratch arrays are filled only as far as
// K, and clearing all of them per output element was most of a wgmma's time.
struct Num {
  enum class Kind : std::uint8_t { Zero, Finite, Inf, NaN } kind;
  bool neg;
  std::uint64_t sig;
  int exp;  // value = sig * 2^exp
  int lg;   // floor(log2 |value|) of a finite value
};

struct MiniFormat {
  int expBits, manBits;
  bool ieee;  // the top exponent encodes inf/NaN (e4m3: only S.1111.111 is NaN)
};

Num decodeFloat(std::uint64_t bits, MiniFormat f) {
  Num n{};
  const int width = 1 + f.expBits + f.manBits;
  n.neg = ((bits >> (width - 1)) & 1u) != 0;
  const int bias = (1 << (f.expBits - 1)) - 1;
  const std::uint64_t man = bits & ((std::uint64_t{1} << f.manBits) - 1);
  const int e = static_cast<int>((bits >> f.manBits) & ((1u << f.expBits) - 1));
  const int top = (1 << f.expBits) - 1;
  if (f.ieee && e == top) {
    n.kind = man != 0 ? Num::Kind::NaN : Num::Kind::Inf;
    return n;
  }
  if (!f.ieee && e == top && man == (std::uint64_t{1} << f.manBits) - 1) {
    n.kind = Num::Kind::NaN;
    return n;
  }
  if (e == 0 && man == 0) return n;
  n.kind = Num::Kind::Finite;
  n.sig = e == 0 ? man : (man | (std::uint64_t{1} << f.manBits));
  n.exp = (e == 0 ? 1 : e) - bias - f.manBits;
  n.lg = n.exp + 63 - std::countl_zero(n.sig);
  return n;
}

Num decode(Elem e, std::uint64_t bits) {
  switch (e) {
    case Elem::F16:
      return decodeFloat(bits & 0xffff, {5, 10, true});
    case Elem::BF16:
      return decodeFloat(bits & 0xffff, {8, 7, true});
    // tf32: the 19-bit value in the top of a 32-bit register; the low 13 bits
    // are not read (tc_numerics tf32_low: operands with them set multiply as
    // if they were clear).
    case Elem::TF32:
      return decodeFloat((bits >> 13) & 0x7ffff, {8, 10, true});
    case Elem::F32:
      return decodeFloat(bits & 0xffffffffu, {8, 23, true});
    case Elem::E4M3:
      return decodeFloat(bits & 0xff, {4, 3, false});
    case Elem::E5M2:
      return decodeFloat(bits & 0xff, {5, 2, true});
    default:
      return {};
  }
}

fp::Format accFormat(Elem e) { return e == Elem::F16 ? fp::kF16 : fp::kF32; }

// The special-value outcome of a dot product when an input is NaN or
// infinite (or an infinity times zero): NaN, or an infinity of one sign.
// Returns false when every product and c are finite.
bool specialResult(std::span<const Num> as, std::span<const Num> bs, const Num& c, fp::Format out,
                   std::uint64_t& result) {
  bool nan = c.kind == Num::Kind::NaN, posInf = false, negInf = false;
  if (c.kind == Num::Kind::Inf) (c.neg ? negInf : posInf) = true;
  for (std::size_t k = 0; k < as.size(); ++k) {
    const Num& x = as[k];
    const Num& y = bs[k];
    if (x.kind == Num::Kind::NaN || y.kind == Num::Kind::NaN) nan = true;
    const bool xi = x.kind == Num::Kind::Inf, yi = y.kind == Num::Kind::Inf;
    if (!xi && !yi) continue;
    if (x.kind == Num::Kind::Zero || y.kind == Num::Kind::Zero) {
      nan = true;  // inf * 0
      continue;
    }
    (x.neg != y.neg ? negInf : posInf) = true;
  }
  if (nan || (posInf && negInf)) {
    result = fp::canonicalNaN(out);
    return true;
  }
  if (posInf || negInf) {
    result = (negInf ? out.signBit() : 0) | out.infBits();
    return true;
  }
  return false;
}

// A term of the aligned sum: sign, significand, exponent of its lsb, and the
// exponent the alignment compares (floor log2 for c; ea + eb for products).
struct Term {
  bool neg;
  std::uint64_t sig;
  int exp;
  int alignExp;
};

Term productTerm(const Num& x, const Num& y) { return {x.neg != y.neg, x.sig * y.sig, x.exp + y.exp, x.lg + y.lg}; }

// The aligned, truncated, exact sum of `terms`: every term truncated toward
// zero (sign-magnitude) to a multiple of 2^(emax - width). Returns the sum's
// magnitude and sign and the exponent of its lsb in `q`.
struct Aligned {
  bool neg = false;
  std::uint64_t mag = 0;
  int q = 0;
};

Aligned alignedSum(std::span<const Term> terms, int width) {
  int emax = std::numeric_limits<int>::min();
  for (const Term& t : terms) emax = std::max(emax, t.alignExp);
  Aligned r;
  r.q = emax - width;
  // Branch-free: this loop is most of a wgmma's time, and the signs and
  // shift directions of its terms are data, not patterns a predictor learns.
  std::uint64_t sum = 0;  // two's complement, wrapping
  for (const Term& t : terms) {
    const int shift = t.exp - r.q;
    // |term| < 2^(emax + 2): shifted left it has at most width + 2 bits.
    const std::uint64_t up = t.sig << (shift & 63);
    const std::uint64_t down = shift > -64 ? t.sig >> (-shift & 63) : 0;
    const std::uint64_t m = shift >= 0 ? up : down;
    const std::uint64_t neg = t.neg ? ~std::uint64_t{0} : 0;
    sum += (m ^ neg) - neg;
  }
  r.neg = static_cast<std::int64_t>(sum) < 0;
  r.mag = r.neg ? ~sum + 1 : sum;
  return r;
}

// 23 fraction bits of the f32 accumulator plus 2 extra alignment bits.
constexpr int kAlignWidth = 25;
// wgmma with fp8 inputs: the terms are truncated 13 bits below the largest
// exponent, and an f32 result keeps 14 significant bits (truncated)
// (tests/data/hopper/wgmma-e4m3-*, wgmma-e5m2-*; scripts/fit_wgmma_fp8.py).
constexpr int kWgmmaFp8AlignWidth = 13;
constexpr int kWgmmaFp8F32Bits = 14;

// The aligned sum normalized and rounded to the accumulator: toward zero to
// f32, to nearest even to f16. A sum beyond the format's range is an
// infinity, even toward zero (tc_numerics specials: 15 x the largest f16
// gives +inf in f32); one that rounds to zero is +0.
std::uint64_t normalize(const Aligned& s, fp::Format out) {
  if (s.mag == 0) return 0;
  const int top = s.q + 63 - std::countl_zero(s.mag);
  if (top > out.emax()) return (s.neg ? out.signBit() : 0) | out.infBits();
  const RoundMode mode = out == fp::kF16 ? RoundMode::NearestEven : RoundMode::TowardZero;
  const std::uint64_t r = fp::roundPack({s.neg, s.q, s.mag, false}, out, mode, false);
  // A result that underflows to zero is +0 (tc_numerics subnormals: the
  // product of two negative-signed subnormals alone gives +0).
  return fp::isZero(r, out) ? 0 : r;
}

// The block rules on decoded elements: as[k], bs[k] for k < K (K <= 64).
std::uint64_t dotBlockDecoded(const MmaForm& f, std::span<const Num> as, std::span<const Num> bs,
                              std::uint64_t cBits, bool wgmmaFp8) {
  const std::size_t K = std::min<std::size_t>(as.size(), 64);  // float shapes have K <= 32
  const Num c = decode(f.c, cBits);
  const fp::Format out = accFormat(f.d);
  std::uint64_t special = 0;
  if (specialResult(as.first(K), bs.first(K), c, out, special)) return special;

  const bool fp8 = !wgmmaFp8 && (f.a == Elem::E4M3 || f.a == Elem::E5M2);
  std::array<Term, 65> terms;  // [0, n) written below
  std::size_t n = 0;
  // fp8: the products of k with bit 1 clear (the low half of every 32-bit
  // A/B register), then those with it set (the high half): two passes.
  std::array<Term, 33> second;  // [0, n2) written below
  std::size_t n2 = 0;
  for (std::size_t k = 0; k < K; ++k) {
    if (as[k].kind == Num::Kind::Zero || bs[k].kind == Num::Kind::Zero) continue;
    if (fp8 && ((k >> 1) & 1u) != 0 && n2 + 1 < second.size())
      second[n2++] = productTerm(as[k], bs[k]);
    else
      terms[n++] = productTerm(as[k], bs[k]);
  }
  // An exact zero is +0 whatever the signs of the zeros summed (tc_numerics
  // "all -0" with c = -0 gives +0).
  if (wgmmaFp8) {
    // One block of the whole K (and c, as in the block rule: the recordings
    // all start from D = 0, so where c enters is not pinned down), 13 bits
    // below the largest exponent; an f32 sum truncated to 14 significant
    // bits, an f16 one rounded to nearest from the aligned sum.
    if (c.kind == Num::Kind::Finite) terms[n++] = {c.neg, c.sig, c.exp, c.lg};
    if (n == 0) return 0;
    Aligned s = alignedSum(std::span(terms).first(n), kWgmmaFp8AlignWidth);
    if (out == fp::kF32 && s.mag != 0) {
      const int drop = 64 - std::countl_zero(s.mag) - kWgmmaFp8F32Bits;
      if (drop > 0) s.mag = (s.mag >> drop) << drop;
    }
    return normalize(s, out);
  }
  if (!fp8) {
    if (c.kind == Num::Kind::Finite) terms[n++] = {c.neg, c.sig, c.exp, c.lg};
    if (n == 0) return 0;
    return normalize(alignedSum(std::span(terms).first(n), kAlignWidth), out);
  }
  // fp8: two block passes chained through the accumulator format, then c.
  // Pass 1 is the block rule over the first group alone; pass 2 the block
  // rule over the second group with pass 1's result as its accumulator
  // term; c is added last with one rounding to nearest even
  // (docs/tensor-cores.md, "fp8 inputs"; tc_fp8 and tc_numerics: every
  // recorded output).
  const std::uint64_t s0 = n > 0 ? normalize(alignedSum(std::span(terms).first(n), kAlignWidth), out) : 0;
  std::uint64_t s = s0;
  if (!fp::isInf(s0, out)) {
    const Num p = decodeFloat(s0, out == fp::kF16 ? MiniFormat{5, 10, true} : MiniFormat{8, 23, true});
    if (p.kind == Num::Kind::Finite) second[n2++] = {p.neg, p.sig, p.exp, p.lg};
    if (n2 > 0) s = normalize(alignedSum(std::span(second).first(n2), kAlignWidth), out);
  }
  const std::uint64_t cOut =
      fp::convert(cBits, f.c == Elem::F16 ? fp::kF16 : fp::kF32, out, RoundMode::NearestEven, false, false);
  const std::uint64_t d = fp::add(out, s, cOut, {RoundMode::NearestEven, false});
  return fp::isZero(d, out) ? 0 : d;  // +0, as in the block rule
}

std::uint64_t dotBlock(const MmaForm& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                       std::uint64_t cBits, bool wgmmaFp8) {
  const std::size_t K = std::min<std::size_t>(a.size(), 64);
  std::array<Num, 64> as, bs;  // [0, K) written here
  for (std::size_t k = 0; k < K; ++k) {
    as[k] = decode(f.a, a[k]);
    bs[k] = decode(f.b, b[k]);
  }
  return dotBlockDecoded(f, std::span(as).first(K), std::span(bs).first(K), cBits, wgmmaFp8);
}

// mma.m8n8k4 f16: sum of the products in k order, rounded to nearest f32
// after each addition, then c (tc_numerics num_f16_*_m8n8k4_rand: every one
// of 1536 outputs).
std::uint64_t dotQuadPair(const MmaForm& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                          std::uint64_t cBits) {
  const fp::Env rn{RoundMode::NearestEven, false};
  auto toF32 = [](std::uint64_t h) {
    return fp::isNaN(h, fp::kF16) ? fp::canonicalNaN(fp::kF32)
                                  : fp::convert(h, fp::kF16, fp::kF32, RoundMode::NearestEven, false, false);
  };
  std::uint64_t s = fp::mul(fp::kF32, toF32(a[0]), toF32(b[0]), rn);
  for (std::size_t k = 1; k < a.size(); ++k) s = fp::fma(fp::kF32, toF32(a[k]), toF32(b[k]), s, rn);
  const std::uint64_t c = f.c == Elem::F16 ? toF32(cBits) : cBits;
  const std::uint64_t d = fp::add(fp::kF32, s, c, rn);
  if (f.d == Elem::F32) return d;
  if (fp::isNaN(d, fp::kF32)) return fp::canonicalNaN(fp::kF16);
  return fp::convert(d, fp::kF32, fp::kF16, RoundMode::NearestEven, false, false);
}

// DMMA: an fma chain; a NaN accumulator wins over NaN operands (c's payload
// comes through: tc_numerics f64 specials), then fma's own priority. Every
// step rounds as wmma.mma's .rnd asks (DMMA.8x8x4.RZ and its kin; mma.sync
// and a wmma.mma without .rnd: to nearest even).
std::uint64_t dotF64(const MmaForm& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                     std::uint64_t c) {
  const fp::Env mode{roundModeOf(f.rnd), false};
  std::uint64_t s = c;
  for (std::size_t k = 0; k < a.size(); ++k)
    s = fp::isNaN(s, fp::kF64) ? fp::quieted(s, fp::kF64) : fp::fma(fp::kF64, a[k], b[k], s, mode);
  return s;
}

std::int64_t intValue(Elem e, std::uint64_t bits) {
  switch (e) {
    case Elem::S8:
      return static_cast<std::int8_t>(bits & 0xff);
    case Elem::U8:
      return static_cast<std::int64_t>(bits & 0xff);
    case Elem::S4:
      return static_cast<std::int64_t>((bits & 0xf) ^ 0x8) - 8;
    case Elem::U4:
      return static_cast<std::int64_t>(bits & 0xf);
    case Elem::S32:
      return static_cast<std::int32_t>(bits & 0xffffffffu);
    default:
      return 0;
  }
}

std::uint64_t dotInteger(const MmaForm& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                         std::uint64_t c) {
  std::int64_t s = intValue(Elem::S32, c);
  if (f.a == Elem::B1) {
    for (std::size_t k = 0; k < a.size(); ++k) s += ((f.bitOp == Mod::And ? (a[k] & b[k]) : (a[k] ^ b[k])) & 1u);
  } else {
    for (std::size_t k = 0; k < a.size(); ++k) s += intValue(f.a, a[k]) * intValue(f.b, b[k]);
  }
  if (f.satfinite)
    s = std::clamp<std::int64_t>(s, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max());
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(s));
}

}  // namespace

double elemValue(Elem e, std::uint64_t bits) {
  if (e == Elem::F64) return std::bit_cast<double>(bits);
  const Num n = decode(e, bits);
  switch (n.kind) {
    case Num::Kind::Zero:
      return n.neg ? -0.0 : 0.0;
    case Num::Kind::Inf:
      return n.neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    case Num::Kind::NaN:
      return std::numeric_limits<double>::quiet_NaN();
    case Num::Kind::Finite:
      break;
  }
  const double v = std::ldexp(static_cast<double>(n.sig), n.exp);
  return n.neg ? -v : v;
}

Rule ruleOf(const MmaForm& f) {
  if (f.a == Elem::B1) return Rule::Popc;
  if (!isFloatElem(f.a)) return Rule::Integer;
  if (f.a == Elem::F64) return Rule::F64Chain;
  if (f.quadPairs()) return Rule::QuadPairChain;
  if (f.op == Opcode::WmmaMma && f.a == Elem::TF32) return Rule::BlockK4Chain;
  if (f.a == Elem::E4M3 || f.a == Elem::E5M2) return f.op == Opcode::WgmmaMmaAsync ? Rule::WgmmaFp8 : Rule::Fp8;
  return Rule::Block;
}

// Every rule reproduces every H100 recording of tests/data/tensor (and
// WgmmaFp8 every H200 recording of tests/data/hopper); the views still mark
// a rule that would not.
bool ruleIsExact(Rule) { return true; }

std::string_view ruleSummary(Rule r) {
  switch (r) {
    case Rule::Block:
      return "exact products; c and the products aligned to the largest exponent and truncated to 25 bits below it; "
             "summed exactly; rounded once (toward zero to f32, to nearest to f16)";
    case Rule::BlockK4Chain:
      return "the block rule over k = 0..3 with c, rounded toward zero to f32, then over k = 4..7 with that result "
             "as the accumulator (two HMMA.1684 steps)";
    case Rule::Fp8:
      return "fp8: two block passes, k with bit 1 clear then k with bit 1 set (the second with the first's result as "
             "its accumulator), each rounded as the block rule does; then c added with rounding to nearest";
    case Rule::WgmmaFp8:
      return "wgmma fp8: exact products; c and the products aligned to the largest exponent and truncated to 13 bits "
             "below it; summed exactly; an f32 result truncated to 14 significant bits, an f16 one rounded to nearest";
    case Rule::QuadPairChain:
      return "products added in k order in f32, rounding to nearest each time, then c";
    case Rule::F64Chain:
      return "IEEE fma chain: c first, then k = 0, 1, ... with rounding to nearest even (wmma.mma: as .rnd asks)";
    case Rule::Integer:
      return "exact integer sum; wraps to 32 bits, or clamps once with .satfinite";
    case Rule::Popc:
      return "c + population count of (a xor/and b) over k";
  }
  return "";
}

std::uint64_t dotElement(const MmaForm& f, std::span<const std::uint64_t> a, std::span<const std::uint64_t> b,
                         std::uint64_t c) {
  switch (ruleOf(f)) {
    case Rule::BlockK4Chain: {
      // ptxas runs wmma.mma .m16n16k8 .tf32 as two m16n8k4 steps per column
      // half (HMMA.1684 twice): k = 0..3 with c, then k = 4..7 with that f32
      // result as the accumulator (tc_wmma2 and tc_gemm: every tf32 output).
      std::uint64_t acc = c;
      for (std::size_t k = 0; k < a.size(); k += 4) {
        const std::size_t n = std::min<std::size_t>(4, a.size() - k);
        acc = dotBlock(f, a.subspan(k, n), b.subspan(k, n), acc, false);
      }
      return acc;
    }
    case Rule::Block:
    case Rule::Fp8:
      return dotBlock(f, a, b, c, false);
    case Rule::WgmmaFp8:
      return dotBlock(f, a, b, c, true);
    case Rule::QuadPairChain:
      return dotQuadPair(f, a, b, c);
    case Rule::F64Chain:
      return dotF64(f, a, b, c);
    case Rule::Integer:
    case Rule::Popc:
      return dotInteger(f, a, b, c);
  }
  return 0;
}

void dotTile(const MmaForm& f, std::span<const std::vector<std::uint64_t>> a,
             std::span<const std::vector<std::uint64_t>> b, std::size_t blockK, std::span<std::uint64_t> cd) {
  const Rule rule = ruleOf(f);
  const std::size_t N = b.size();
  const auto chunks = [&](std::size_t K, auto&& dot) {
    for (std::size_t k = 0; k < K; k += blockK) {
      const std::size_t n = std::min(blockK, K - k);
      dot(k, n);
    }
  };
  if (rule != Rule::Block && rule != Rule::Fp8 && rule != Rule::WgmmaFp8) {
    for (std::size_t r = 0; r < a.size(); ++r)
      for (std::size_t n = 0; n < N; ++n) {
        std::uint64_t& acc = cd[r * N + n];
        chunks(a[r].size(), [&](std::size_t k, std::size_t len) {
          acc = dotElement(f, std::span(a[r]).subspan(k, len), std::span(b[n]).subspan(k, len), acc);
        });
      }
    return;
  }
  // Every element decoded once: a wgmma reads each element of A N times and
  // each of B 64 times, and decoding was a good part of its time.
  const auto decodeAll = [](Elem e, std::span<const std::vector<std::uint64_t>> m) {
    std::vector<std::vector<Num>> out(m.size());
    for (std::size_t i = 0; i < m.size(); ++i) {
      out[i].resize(m[i].size());
      for (std::size_t k = 0; k < m[i].size(); ++k) out[i][k] = decode(e, m[i][k]);
    }
    return out;
  };
  const std::vector<std::vector<Num>> as = decodeAll(f.a, a), bs = decodeAll(f.b, b);
  for (std::size_t r = 0; r < as.size(); ++r)
    for (std::size_t n = 0; n < N; ++n) {
      std::uint64_t& acc = cd[r * N + n];
      chunks(as[r].size(), [&](std::size_t k, std::size_t len) {
        acc = dotBlockDecoded(f, std::span(as[r]).subspan(k, len), std::span(bs[n]).subspan(k, len), acc,
                              rule == Rule::WgmmaFp8);
      });
    }
}

}  // namespace ws::core::mx
