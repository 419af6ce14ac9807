#pragma once
// A loop that never ends: every budget test needs one. Line 10 is the branch
// back (the budget message points at it).
namespace ws::test {

inline constexpr const char* kSpinPtx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry spin()
{
	.reg .b32 %r<2>;
	mov.u32 %r1, 0;
$L_top:
	add.u32 %r1, %r1, 1;
	bra.uni $L_top;
}
)";

}  // namespace ws::test
