#pragma once
// Correctly rounded f64 arithmetic in any IEEE rounding mode, by the host FPU
// (f64_fenv.cpp, compiled with -frounding-math). Operands and results are
// plain IEEE doubles: NaN policy is the caller's (float_ops.cpp).
#include "core/exec/alu/rounding.hpp"

namespace ws::core::fp {

double f64Add(double a, double b, RoundMode m);
double f64Mul(double a, double b, RoundMode m);
double f64Fma(double a, double b, double c, RoundMode m);
double f64Div(double a, double b, RoundMode m);
double f64Sqrt(double a, RoundMode m);

}  // namespace ws::core::fp
