// warpscope-dap's targets: a `variables` request for the Warp scope of a
// 256-register kernel answers in under 5 ms, a step (`stepIn`, one warp
// instruction, with its response and `stopped` event) in under 1 ms plus
// the protocol's own cost. Both go through Adapter::handle with the JSON
// requests a client sends, without I/O.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/dap/adapter.hpp"
#include "bench/bench_util.hpp"

namespace ws::bench {
namespace {

// A kernel of 256 .b32 registers (plus a predicate), every one written
// before a long loop that adds to all of them.
std::string manyRegisterPtx() {
  std::string s = ".version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry many_regs()\n{\n";
  s += "\t.reg .b32 \t%r<256>;\n\t.reg .pred \t%p<2>;\n\tmov.u32 \t%r0, %tid.x;\n";
  for (int r = 1; r < 256; ++r) s += fmt::format("\tmov.u32 \t%r{}, {};\n", r, r * 1000);
  s += "LOOP:\n";
  for (int r = 1; r < 255; ++r) s += fmt::format("\tadd.u32 \t%r{}, %r{}, %r0;\n", r, r);
  s += "\tadd.u32 \t%r255, %r255, 1;\n\tsetp.lt.u32 \t%p1, %r255, 100000000;\n\t@%p1 bra \tLOOP;\n\tret;\n}\n";
  return s;
}

struct DapClient {
  dap::Adapter adapter{[this](const dap::Json& m) { last = m; }};
  dap::Json last;
  int seq = 1;
  // Handles one request; `last` is then the last message the adapter sent.
  dap::Json request(const std::string& command, dap::Json args = dap::Json::object()) {
    adapter.handle({{"seq", seq++}, {"type", "request"}, {"command", command}, {"arguments", std::move(args)}});
    while (adapter.busy()) adapter.tick();
    return last;
  }
};

// A session of the 256-register kernel, stopped after every register is written.
DapClient& manyRegisterSession() {
  static DapClient* c = [] {
    const std::filesystem::path ptx = std::filesystem::temp_directory_path() / "ws_bench_many_regs.ptx";
    std::ofstream(ptx) << manyRegisterPtx();
    auto* client = new DapClient;
    client->request("initialize");
    client->request("launch", {{"program", ptx.string()}, {"block", 32}, {"stopOnEntry", true}});
    client->request("configurationDone");
    for (int i = 0; i < 300; ++i) client->request("stepIn", {{"threadId", 1}});
    return client;
  }();
  return *c;
}

void BM_DapWarpScopeVariables256Regs(benchmark::State& state) {
  DapClient& c = manyRegisterSession();
  LatencySample sample;
  std::size_t rows = 0;
  for (auto _ : state) {
    // Fresh references, as after a stop; then the Warp scope's rows.
    c.request("scopes", {{"frameId", 1}});
    const int warpRef = c.last["body"]["scopes"][1]["variablesReference"];
    sample.time([&] { c.request("variables", {{"variablesReference", warpRef}}); });
    rows = c.last["body"]["variables"].size();
  }
  state.counters["rows"] = static_cast<double>(rows);
  sample.report(state, "variables");
}
BENCHMARK(BM_DapWarpScopeVariables256Regs)->Iterations(200)->Unit(benchmark::kMillisecond);

void BM_DapStep(benchmark::State& state) {
  DapClient& c = manyRegisterSession();
  LatencySample sample;
  for (auto _ : state) sample.time([&] { c.request("stepIn", {{"threadId", 1}}); });
  sample.report(state, "step");
}
BENCHMARK(BM_DapStep)->Iterations(2000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ws::bench
