#include "core/scenario/scenario.hpp"

#include <algorithm>
#include <bit>

namespace ws::core {

bool Number::operator==(const Number& o) const {
  if (isFloat != o.isFloat) return false;
  return isFloat ? std::bit_cast<std::uint64_t>(f) == std::bit_cast<std::uint64_t>(o.f) : i == o.i;
}

bool FreeValue::operator==(const FreeValue& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
    case Kind::Bool: return b == o.b;
    case Kind::Int: return i == o.i;
    case Kind::Float: return std::bit_cast<std::uint64_t>(f) == std::bit_cast<std::uint64_t>(o.f);
    case Kind::String: return s == o.s;
    case Kind::Array: return items == o.items;
    case Kind::Table: return fields == o.fields;
  }
  return false;
}

const FreeValue* FreeValue::get(std::string_view key) const {
  auto it = std::lower_bound(fields.begin(), fields.end(), key,
                             [](const Field& e, std::string_view k) { return e.key < k; });
  return it != fields.end() && it->key == key ? &it->value : nullptr;
}

void FreeValue::set(std::string key, FreeValue v) {
  kind = Kind::Table;
  auto it = std::lower_bound(fields.begin(), fields.end(), key,
                             [](const Field& e, const std::string& k) { return e.key < k; });
  if (it != fields.end() && it->key == key) it->value = std::move(v);
  else fields.insert(it, Field{std::move(key), std::move(v)});
}

FilePos SourceInfo::at(std::string_view path) const {
  std::string p(path);
  while (true) {
    if (auto it = keys.find(p); it != keys.end()) return it->second;
    // Parent: drop the last ".key" or "[n]".
    const std::size_t dot = p.find_last_of(".[");
    if (dot == std::string::npos || dot == 0) return {};
    p.resize(dot);
  }
}

FilePos SourceInfo::inString(std::string_view path, std::size_t offset) const {
  auto it = strings.find(std::string(path));
  if (it == strings.end() || it->second.empty()) return at(path);
  return it->second[std::min(offset, it->second.size() - 1)];
}

std::string_view wordTypeName(WordType t) {
  switch (t) {
    case WordType::U32: return "u32";
    case WordType::S32: return "s32";
    case WordType::F32: return "f32";
  }
  return "u32";
}

std::optional<WordType> parseWordType(std::string_view s) {
  for (WordType t : {WordType::U32, WordType::S32, WordType::F32})
    if (wordTypeName(t) == s) return t;
  return std::nullopt;
}

namespace {
constexpr StopReason kStops[] = {StopReason::Finished,   StopReason::Diagnostic, StopReason::Deadlock,
                                 StopReason::StepBudget, StopReason::Trap,       StopReason::Breakpoint};
}

std::string_view stopSlug(StopReason r) {
  switch (r) {
    case StopReason::None: return "paused";
    case StopReason::Finished: return "finished";
    case StopReason::Diagnostic: return "diagnostic";
    case StopReason::Deadlock: return "deadlock";
    case StopReason::StepBudget: return "step-budget";
    case StopReason::Trap: return "trap";
    case StopReason::Breakpoint: return "breakpoint";
  }
  return "paused";
}

std::optional<StopReason> stopFromSlug(std::string_view s) {
  for (StopReason r : kStops)
    if (stopSlug(r) == s) return r;
  return std::nullopt;
}

std::string_view modeSlug(ExecMode m) { return m == ExecMode::Hardware ? "hardware" : "strict"; }

std::string_view asyncSlug(AsyncCompletion a) {
  switch (a) {
    case AsyncCompletion::Oldest: return "oldest";
    case AsyncCompletion::Newest: return "newest";
    case AsyncCompletion::Lazy: return "lazy";
    case AsyncCompletion::Manual: return "manual";
  }
  return "oldest";
}

std::string_view schedulingSlug(WarpScheduling s) {
  return s == WarpScheduling::RunToBlock ? "run-to-block" : "round-robin";
}

namespace {
constexpr std::pair<std::string_view, Family> kFamilies[] = {
    {"arith", Family::Arith},       {"bits", Family::Bits},     {"compare", Family::Compare},
    {"move", Family::Move},         {"memory", Family::Memory}, {"control", Family::Control},
    {"collective", Family::Collective}, {"atomic", Family::Atomic}, {"mbarrier", Family::Mbarrier},
    {"async", Family::Async},       {"matrix", Family::Matrix}, {"texture", Family::Texture},
    {"video", Family::Video},       {"misc", Family::Misc},
};
}  // namespace

std::vector<std::string_view> instructionFamilies() {
  std::vector<std::string_view> v;
  for (const auto& [name, f] : kFamilies) v.push_back(name);
  return v;
}

bool isInstructionKind(std::string_view kind) {
  if (findMnemonic(kind)) return true;
  for (const auto& [name, f] : kFamilies)
    if (name == kind) return true;
  return false;
}

bool instructionKindMatches(std::string_view kind, const Instr& ins) {
  if (opInfo(ins.op).mnemonic == kind) return true;
  for (const auto& [name, f] : kFamilies)
    if (name == kind) return ins.family == f;
  return false;
}

const BufferParam* paramBuffer(const Param& p) {
  if (const auto* b = std::get_if<BufferParam>(&p)) return b;
  if (const auto* t = std::get_if<TensorMapParam>(&p)) return &t->buffer;
  return nullptr;
}

std::vector<const BufferParam*> launchBuffers(const Scenario& s) {
  std::vector<const BufferParam*> out;
  for (const Param& p : s.params)
    if (const BufferParam* b = paramBuffer(p); b && b->init.kind != BufferInit::Kind::Same) out.push_back(b);
  return out;
}

std::optional<std::uint32_t> launchBufferIndex(const Scenario& s, std::string_view name) {
  const auto bufs = launchBuffers(s);
  for (std::size_t i = 0; i < bufs.size(); ++i)
    if (bufs[i]->name == name) return static_cast<std::uint32_t>(i);
  return std::nullopt;
}

}  // namespace ws::core
