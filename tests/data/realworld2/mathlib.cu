// Real-world corpus batch 2, module "mathlib": the CUDA math library as users call it.
// The libdevice implementations inline into long, branchy PTX: sinf / cosf / tanf of huge
// arguments take the Payne-Hanek reduction with a local-memory array, powf / lgammaf /
// tgammaf / erfcinvf / j0f have several ranges, the double functions use long polynomials
// and full-range division. Covers single precision sinf cosf tanf sincosf sinpif cospif
// asinf acosf atanf, expf exp2f exp10f expm1f logf log2f log10f log1pf sinhf coshf tanhf,
// powf sqrtf rsqrtf cbrtf rcbrtf hypotf fmodf remainderf remquof norm3df fdimf, erff erfcf
// erfinvf erfcinvf tgammaf lgammaf atan2f j0f normcdff normcdfinvf, frexpf ldexpf scalbnf
// modff ilogbf logbf nextafterf fmaf isnan / isinf / signbit, the fast intrinsics __sinf
// __cosf __tanf __sincosf __expf __exp10f __logf __log2f __log10f __powf, and double sin
// cos exp log pow sqrt erf atan2 tanh cbrt log1p fmod asin sinpi.
// Inputs: edge cases (+-0, +-inf, NaN, denormals, FLT_MAX, huge) and random values of
// many magnitudes (gen_plans.py: f32_mix / f64_mix).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout. t = threadIdx.x.
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx mathlib.cu -o mathlib.ptx

typedef unsigned int u32;
typedef unsigned long long u64;

__device__ __forceinline__ u32 F(float f) { return __float_as_uint(f); }
__device__ __forceinline__ void D(u32* p, double d) {
  u64 b = (u64)__double_as_longlong(d);
  p[0] = (u32)b;
  p[1] = (u32)(b >> 32);
}
__device__ __forceinline__ double ldd(const u32* p) {
  return __longlong_as_double((long long)((u64)p[0] | ((u64)p[1] << 32)));
}

// Block 64. x = float in[t]. out[t*10 + k]: sinf, cosf, tanf, sincosf (sin, cos), sinpif,
// cospif, asinf, acosf, atanf.
extern "C" __global__ void math_trig_f32(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]);
  u32* o = out + t * 10;
  o[0] = F(sinf(x));
  o[1] = F(cosf(x));
  o[2] = F(tanf(x));
  float s, c;
  sincosf(x, &s, &c);
  o[3] = F(s);
  o[4] = F(c);
  o[5] = F(sinpif(x));
  o[6] = F(cospif(x));
  o[7] = F(asinf(x));
  o[8] = F(acosf(x));
  o[9] = F(atanf(x));
}

// Block 64. x = float in[t]. out[t*11 + k]: expf, exp2f, exp10f, expm1f, logf, log2f,
// log10f, log1pf, sinhf, coshf, tanhf.
extern "C" __global__ void math_exp_log_f32(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]);
  u32* o = out + t * 11;
  o[0] = F(expf(x));
  o[1] = F(exp2f(x));
  o[2] = F(exp10f(x));
  o[3] = F(expm1f(x));
  o[4] = F(logf(x));
  o[5] = F(log2f(x));
  o[6] = F(log10f(x));
  o[7] = F(log1pf(x));
  o[8] = F(sinhf(x));
  o[9] = F(coshf(x));
  o[10] = F(tanhf(x));
}

// Block 64. x = float in[t], y = float in[64 + t], z = float in[128 + t].
// out[t*12 + k]: powf(x, y), sqrtf(x), rsqrtf(x), cbrtf(x), rcbrtf(x), hypotf(x, y),
// fmodf(x, y), remainderf(x, y), remquof(x, y, &q) value, q, norm3df(x, y, z), fdimf(x, y).
extern "C" __global__ void math_pow_root_f32(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]), y = __uint_as_float(in[64 + t]), z = __uint_as_float(in[128 + t]);
  u32* o = out + t * 12;
  o[0] = F(powf(x, y));
  o[1] = F(sqrtf(x));
  o[2] = F(rsqrtf(x));
  o[3] = F(cbrtf(x));
  o[4] = F(rcbrtf(x));
  o[5] = F(hypotf(x, y));
  o[6] = F(fmodf(x, y));
  o[7] = F(remainderf(x, y));
  int q = 0;
  o[8] = F(remquof(x, y, &q));
  o[9] = (u32)q;
  o[10] = F(norm3df(x, y, z));
  o[11] = F(fdimf(x, y));
}

// Block 64. x = float in[t], y = float in[64 + t]. out[t*11 + k]: erff(x), erfcf(x),
// erfinvf(x), erfcinvf(x), tgammaf(x), lgammaf(x), atan2f(x, y), j0f(x), y0f(|x|),
// normcdff(x), normcdfinvf(x).
extern "C" __global__ void math_special_f32(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]), y = __uint_as_float(in[64 + t]);
  u32* o = out + t * 11;
  o[0] = F(erff(x));
  o[1] = F(erfcf(x));
  o[2] = F(erfinvf(x));
  o[3] = F(erfcinvf(x));
  o[4] = F(tgammaf(x));
  o[5] = F(lgammaf(x));
  o[6] = F(atan2f(x, y));
  o[7] = F(j0f(x));
  o[8] = F(y0f(fabsf(x)));
  o[9] = F(normcdff(x));
  o[10] = F(normcdfinvf(x));
}

// Block 64. x = float in[t], y = float in[64 + t], n = (int)in[128 + t] (small, signed).
// out[t*12 + k]: frexpf(x) mantissa, its exponent, ldexpf(x, n), scalbnf(y, n),
// modff(x) fraction, its integral part, ilogbf(x), logbf(y), nextafterf(x, y),
// fmaf(x, y, -x), classification bits isnan | isinf << 1 | signbit << 2 | isfinite << 3
// | (x == y) << 4 | (x < y) << 5 | (isnan(x) || isnan(y)) << 6, copysignf(fabsf(y), x).
extern "C" __global__ void math_decompose_f32(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]), y = __uint_as_float(in[64 + t]);
  int n = (int)in[128 + t];
  u32* o = out + t * 12;
  int e = 0;
  o[0] = F(frexpf(x, &e));
  o[1] = (u32)e;
  o[2] = F(ldexpf(x, n));
  o[3] = F(scalbnf(y, n));
  float ip = 0.f;
  o[4] = F(modff(x, &ip));
  o[5] = F(ip);
  o[6] = (u32)ilogbf(x);
  o[7] = F(logbf(y));
  o[8] = F(nextafterf(x, y));
  o[9] = F(fmaf(x, y, -x));
  o[10] = (u32)(isnan(x) != 0) | (u32)(isinf(x) != 0) << 1 | (u32)(signbit(x) != 0) << 2 |
          (u32)(isfinite(x) != 0) << 3 | (u32)(x == y) << 4 | (u32)(x < y) << 5 | (u32)(isnan(x) || isnan(y)) << 6;
  o[11] = F(copysignf(fabsf(y), x));
}

// Block 64. The fast-math intrinsics (approximate SFU paths). x = float in[t],
// y = float in[64 + t]. out[t*11 + k]: __sinf(x), __cosf(x), __tanf(x), __sincosf (sin,
// cos), __expf(x), __exp10f(x), __logf(|x|), __log2f(|x|), __log10f(|x|), __powf(|x|, y).
extern "C" __global__ void math_fast_intrinsics(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  float x = __uint_as_float(in[t]), y = __uint_as_float(in[64 + t]);
  u32* o = out + t * 11;
  o[0] = F(__sinf(x));
  o[1] = F(__cosf(x));
  o[2] = F(__tanf(x));
  float s, c;
  __sincosf(x, &s, &c);
  o[3] = F(s);
  o[4] = F(c);
  o[5] = F(__expf(x));
  o[6] = F(__exp10f(x));
  o[7] = F(__logf(fabsf(x)));
  o[8] = F(__log2f(fabsf(x)));
  o[9] = F(__log10f(fabsf(x)));
  o[10] = F(__powf(fabsf(x), y));
}

// Block 32. Double precision, X = double in[2t..2t+2), Y = double in[64 + 2t..].
// out[t*12 + 2k .. +2) (lo, hi): sin(X), cos(X), exp(X), log(X), pow(X, Y), sqrt(X).
extern "C" __global__ void math_f64_basic(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  double X = ldd(in + 2 * t), Y = ldd(in + 64 + 2 * t);
  u32* o = out + t * 12;
  D(o + 0, sin(X));
  D(o + 2, cos(X));
  D(o + 4, exp(X));
  D(o + 6, log(X));
  D(o + 8, pow(X, Y));
  D(o + 10, sqrt(X));
}

// Block 32. Double precision, X = double in[2t..], Y = double in[64 + 2t..].
// out[t*16 + 2k .. +2) (lo, hi): erf(X), atan2(X, Y), tanh(X), cbrt(X), log1p(X),
// fmod(X, Y), asin(X), sinpi(X).
extern "C" __global__ void math_f64_special(const u32* in, u32* out) {
  u32 t = threadIdx.x;
  double X = ldd(in + 2 * t), Y = ldd(in + 64 + 2 * t);
  u32* o = out + t * 16;
  D(o + 0, erf(X));
  D(o + 2, atan2(X, Y));
  D(o + 4, tanh(X));
  D(o + 6, cbrt(X));
  D(o + 8, log1p(X));
  D(o + 10, fmod(X, Y));
  D(o + 12, asin(X));
  D(o + 14, sinpi(X));
}
