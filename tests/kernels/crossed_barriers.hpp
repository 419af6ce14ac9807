#pragma once
// A deadlock the engine, the history, the session and the CLI all have to
// report: warp 0 waits at barrier 0, warp 1 at barrier 1, each for the whole
// 64-thread CTA, so neither barrier can ever complete (after 8 steps).
namespace ws::test {

inline constexpr const char* kCrossedBarriersPtx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry crossed()
{
	.reg .pred %p<2>;
	.reg .b32 %r<3>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 32;
	@%p1 bra $L_first;
	bar.sync 1, 64;
	ret;
$L_first:
	bar.sync 0, 64;
	ret;
}
)";

}  // namespace ws::test
