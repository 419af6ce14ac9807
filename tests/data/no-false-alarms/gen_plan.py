"""Writes sync.plan, the recording plan of sync.ptx (tests/hwrec):
    python3 gen_plan.py [OUT_DIR]
Each kernel takes (const u32* in, u32* out); the recording is kept as
golden-sync.json.gz, which tests/core/corpus_no_false_alarms_test.cpp runs."""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "hwrec"))
from plan import Plan, Rng, seed_of  # noqa: E402

SCAN_TILE_OOB, SCAN_TILE_INVALID = 0, 99  # cub::ScanTileStatus
PADDING = 32  # ScanTileState::TILE_STATUS_PADDING (one warp)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else here
    plan = Plan()
    runs = 20
    tiles, threads = 4, 128
    words = Rng(seed_of("cub_lookback_scan")).below(tiles * threads, 1000)
    # out: the scan, then the tile descriptors {status, value} as
    # ScanTileState<unsigned>::InitializeStatus leaves them.
    status = [SCAN_TILE_OOB, 0] * PADDING + [SCAN_TILE_INVALID, 0] * tiles
    plan.add("cub_lookback_scan", words, [0] * (tiles * threads) + status, grid=tiles, block=threads, runs=runs,
             note="inclusive scan of 4 tiles of 128 words with CUB's decoupled look-back", compare="ignore:512:72")
    for name in ("msg_release_acquire", "msg_fences_both_sides"):
        plan.add(name, Rng(seed_of(name)).below(32, 1000), [0] * 65, grid=2, block=32, runs=runs,
                 note="CTA 0 publishes 32 words behind a flag, CTA 1 copies them to out[0..32)")
    plan.add("mbarrier_ring", [i + 1 for i in range(256)], [0] * 32, block=64, runs=runs,
             note="two-stage full/empty mbarrier ring of bulk copies; out[lane] = sum of in[32c + lane]")
    plan.add("cuda_barrier_memcpy", Rng(seed_of("cuda_barrier_memcpy")).below(64, 1000), [0] * 64, block=64, runs=runs,
             note="cuda::memcpy_async with cuda::barrier; out[t] = in[63 - t] + 1")
    plan.add("cg_async_reductions", Rng(seed_of("cg_async_reductions")).below(128, 1000), [0] * 12, block=128,
             runs=runs, note="per-warp sums out[0..4), block total out[4], per-warp maxima out[8..12)")
    plan.write(os.path.join(out_dir, "sync.plan"))


main()
