#include "tests/core/test_util.hpp"

#include <cstring>
#include <stdexcept>
#include <variant>

namespace ws::test {

std::vector<std::uint32_t> Run::words(std::uint32_t buffer) const {
  std::vector<std::uint32_t> out;
  if (!engine) return out;
  const auto& b = engine->buffer(buffer);
  out.resize(b.size() / 4);
  std::memcpy(out.data(), b.data(), out.size() * 4);
  return out;
}

bool Run::hasDiag(core::DiagKind k) const {
  for (const auto& d : result.diags)
    if (d.kind == k) return true;
  return false;
}

std::vector<std::uint8_t> toBytes(const std::vector<std::uint32_t>& words) {
  std::vector<std::uint8_t> b(words.size() * 4);
  std::memcpy(b.data(), words.data(), b.size());
  return b;
}

core::Engine makeEngine(std::string_view ptx, const core::LaunchConfig& cfg, core::EngineOptions opts) {
  auto parsed = core::parsePtx(ptx, "test.ptx");
  if (!parsed.ok()) throw std::runtime_error("the test module does not parse");
  auto made = core::Engine::create(std::make_shared<const core::Program>(std::move(*parsed.program)), cfg, opts);
  if (auto* err = std::get_if<std::string>(&made)) throw std::runtime_error("the test launch fails: " + *err);
  return std::move(std::get<core::Engine>(made));
}

Run runPtx(std::string_view ptx, core::LaunchConfig cfg, core::EngineOptions opts, std::uint64_t maxSteps) {
  Run r;
  auto parsed = core::parsePtx(ptx, "test.ptx");
  if (!parsed.ok()) {
    for (const auto& e : parsed.errors) r.error += e.str() + "\n";
    if (r.error.empty()) r.error = "parse failed";
    return r;
  }
  r.program = std::make_shared<const core::Program>(std::move(*parsed.program));
  auto made = core::Engine::create(r.program, cfg, opts);
  if (auto* err = std::get_if<std::string>(&made)) {
    r.error = *err;
    return r;
  }
  r.engine.emplace(std::move(std::get<core::Engine>(made)));
  r.result = r.engine->run(maxSteps);
  return r;
}

std::string kernel(std::string_view body, std::string_view target, std::string_view extraDecls) {
  std::string s;
  s += ".version 8.7\n.target ";
  s += target;
  s += "\n.address_size 64\n\n";
  s += extraDecls;
  s += "\n.visible .entry k(\n\t.param .u64 k_in,\n\t.param .u64 k_out\n)\n{\n";
  s += "\t.reg .b32 %r<128>;\n\t.reg .b64 %rd<64>;\n\t.reg .pred %p<32>;\n\t.reg .f32 %f<64>;\n";
  s += "\t.reg .f64 %fd<32>;\n\t.reg .b16 %h<32>;\n\t.reg .b16 %rs<32>;\n\n";
  s += "\tld.param.u64 %rd0, [k_in];\n\tld.param.u64 %rd1, [k_out];\n";
  s += "\tcvta.to.global.u64 %rd0, %rd0;\n\tcvta.to.global.u64 %rd1, %rd1;\n";
  s += "\tmov.u32 %r0, %laneid;\n\tmov.u32 %r127, %tid.x;\n\tmul.wide.u32 %rd63, %r127, 4;\n";
  s += "\tadd.s64 %rd2, %rd0, %rd63;\n\tadd.s64 %rd3, %rd1, %rd63;\n";
  s += body;
  s += "\n\tret;\n}\n";
  return s;
}

core::LaunchConfig kernelLaunch(const std::vector<std::uint32_t>& in, std::size_t outWords, std::uint32_t block) {
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {block, 1, 1};
  std::vector<std::uint32_t> out(outWords);
  for (std::size_t i = 0; i < outWords; ++i) out[i] = 0xcdcd0000u | static_cast<std::uint32_t>(i & 0xffff);
  cfg.buffers.push_back({"in", toBytes(in.empty() ? std::vector<std::uint32_t>{0} : in)});
  cfg.buffers.push_back({"out", toBytes(out)});
  cfg.params = {core::ParamValue::buf(0), core::ParamValue::buf(1)};
  return cfg;
}

Run runKernel(std::string_view body, const std::vector<std::uint32_t>& in, std::size_t outWords, std::uint32_t block,
              core::EngineOptions opts, std::string_view target, std::string_view extraDecls) {
  return runPtx(kernel(body, target, extraDecls), kernelLaunch(in, outWords, block), opts);
}

}  // namespace ws::test
