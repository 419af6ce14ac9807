// f64 arithmetic in a directed rounding mode, done by the host FPU under
// fesetround(). This file alone is compiled with -frounding-math (see
// core/CMakeLists.txt) so the compiler neither folds nor moves these
// operations across the mode switches; operands pass through volatile
// variables so each operation happens between the two fesetround() calls.
#include "core/exec/alu/f64_fenv.hpp"

#include <cfenv>
#include <cmath>

namespace ws::core::fp {
namespace {

int hostMode(RoundMode m) {
  switch (m) {
    case RoundMode::TowardZero:
      return FE_TOWARDZERO;
    case RoundMode::Down:
      return FE_DOWNWARD;
    case RoundMode::Up:
      return FE_UPWARD;
    default:
      return FE_TONEAREST;  // NearestAway is not an f64 arithmetic mode in PTX
  }
}

// Sets the host rounding mode for its lifetime and restores the caller's.
class ScopedRounding {
 public:
  explicit ScopedRounding(RoundMode m) : m_saved(std::fegetround()) { std::fesetround(hostMode(m)); }
  ~ScopedRounding() { std::fesetround(m_saved); }
  ScopedRounding(const ScopedRounding&) = delete;
  ScopedRounding& operator=(const ScopedRounding&) = delete;

 private:
  int m_saved;
};

}  // namespace

double f64Add(double a, double b, RoundMode m) {
  volatile double va = a, vb = b, r = 0;
  {
    ScopedRounding s(m);
    r = va + vb;
  }
  return r;
}

double f64Mul(double a, double b, RoundMode m) {
  volatile double va = a, vb = b, r = 0;
  {
    ScopedRounding s(m);
    r = va * vb;
  }
  return r;
}

double f64Fma(double a, double b, double c, RoundMode m) {
  volatile double va = a, vb = b, vc = c, r = 0;
  {
    ScopedRounding s(m);
    r = std::fma(va, vb, vc);
  }
  return r;
}

double f64Div(double a, double b, RoundMode m) {
  volatile double va = a, vb = b, r = 0;
  {
    ScopedRounding s(m);
    r = va / vb;
  }
  return r;
}

double f64Sqrt(double a, RoundMode m) {
  volatile double va = a, r = 0;
  {
    ScopedRounding s(m);
    r = std::sqrt(va);
  }
  return r;
}

}  // namespace ws::core::fp
