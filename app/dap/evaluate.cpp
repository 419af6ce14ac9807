#include "app/dap/evaluate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>

#include "core/expr/expr.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/views/views.hpp"

namespace ws::dap {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool regChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%'; }

// A trailing "[lane 7]" / "[7]": the lane, and the text before it.
std::optional<int> takeLane(std::string_view& text, std::string& error) {
  if (text.empty() || text.back() != ']') return std::nullopt;
  const std::size_t open = text.rfind('[');
  if (open == std::string_view::npos) return std::nullopt;
  std::string_view inside = trim(text.substr(open + 1, text.size() - open - 2));
  if (inside.substr(0, 4) == "lane") inside = trim(inside.substr(4));
  int lane = -1;
  try {
    std::size_t used = 0;
    lane = std::stoi(std::string(inside), &used);
    if (used != inside.size()) lane = -1;
  } catch (const std::exception&) {
    lane = -1;
  }
  if (lane < 0 || lane >= core::kWarpSize) {
    error = fmt::format("'[{}]' is not a lane from 0 to 31", inside);
    return std::nullopt;
  }
  text = trim(text.substr(0, open));
  return lane;
}

// The register named `name` in the function the warp is in (else any function).
std::int32_t findRegister(const ui::Frame& f, std::uint32_t warp, std::string_view name) {
  const core::Program& p = f.prog();
  const std::uint32_t pc = f.st().warps[warp].ctl.pc[0];
  std::int32_t any = -1;
  for (const auto& fn : p.functions) {
    const bool here = pc >= fn.begin && pc < fn.end;
    for (std::uint32_t r = fn.regBegin; r < fn.regEnd && r < p.regs.size(); ++r)
      if (ui::regName(p, static_cast<std::int32_t>(r)) == name) {
        if (here) return static_cast<std::int32_t>(r);
        if (any < 0) any = static_cast<std::int32_t>(r);
      }
  }
  return any;
}

// A register's value in a lane as a literal of the expression language.
std::string literal(std::uint64_t bits, core::DataType t) {
  if (t == core::DataType::Pred) return (bits & 1u) ? "1" : "0";
  if (t == core::DataType::F32) {
    float v = 0;
    const auto b = static_cast<std::uint32_t>(bits);
    std::memcpy(&v, &b, sizeof v);
    return fmt::format("({})", static_cast<double>(v));
  }
  if (t == core::DataType::F64) {
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    return fmt::format("({})", v);
  }
  const int w = core::bitWidth(t);
  if (core::isSigned(t) && w < 64 && w > 0) {
    const std::uint64_t sign = 1ull << (w - 1);
    const auto v = static_cast<std::int64_t>((bits ^ sign) - sign);
    return fmt::format("({})", v);
  }
  if (bits > static_cast<std::uint64_t>(INT64_MAX)) return fmt::format("({})", static_cast<std::int64_t>(bits));
  return fmt::format("{}", bits);
}

std::string valueText(const core::ExprValue& v) { return v.isFloat ? ui::formatF64(v.f) : fmt::format("{}", v.i); }

// "out[3]": a word of a launch buffer, as the Memory scope shows it (a
// scenario's watches name cells so); nullopt when `text` is not one.
std::optional<std::string> bufferWord(const ui::Frame& f, std::string_view text, std::string& error) {
  const std::size_t open = text.find('[');
  if (open == std::string_view::npos || open == 0 || text.back() != ']') return std::nullopt;
  const std::string_view name = trim(text.substr(0, open));
  const std::string_view index = trim(text.substr(open + 1, text.size() - open - 2));
  if (name.front() == '%' || index.empty() ||
      !std::all_of(index.begin(), index.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }))
    return std::nullopt;
  for (const ui::MemoryRegionView& r : ui::buildMemory(f).regions) {
    if (r.region != core::MemRegion::Global || r.name != name) continue;
    const std::size_t i = std::stoul(std::string(index));
    if (i < r.words.size()) return r.words[i].text;
    error = fmt::format("{} shows its first {} words", name, r.words.size());
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

WatchResult evaluateWatch(const ui::Frame& f, std::uint32_t warp, std::string_view text) {
  WatchResult out;
  text = trim(text);
  if (auto word = bufferWord(f, text, out.error)) {
    out.memory = *word;
    return out;
  }
  if (!out.error.empty()) return out;
  out.lane = takeLane(text, out.error);
  if (!out.error.empty()) return out;
  if (text.empty()) {
    out.error = "an empty expression";
    return out;
  }
  const core::WarpState& w = f.st().warps[warp];
  const int lanes = std::popcount(w.ctl.valid) ? 32 - std::countl_zero(w.ctl.valid) : 0;
  // Exactly one register: its column of the register table, as the Warp scope shows it.
  if (text.front() == '%' && std::all_of(text.begin(), text.end(), regChar)) {
    const std::int32_t reg = findRegister(f, warp, text);
    if (reg < 0) {
      out.error = fmt::format("no register {} in this kernel", text);
      return out;
    }
    const ui::RegisterTableView t = ui::buildRegisterTable(f, warp, {static_cast<std::uint32_t>(reg)});
    out.reg = reg;
    for (int l = 0; l < t.lanes; ++l) out.values.push_back(t.at(l, 0).text);
    return out;
  }
  // Registers inside an expression: each lane's value substituted as a literal.
  struct Use {
    std::size_t at, len;
    std::int32_t reg;
  };
  std::vector<Use> uses;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') continue;
    std::size_t j = i + 1;
    while (j < text.size() && regChar(text[j]) && text[j] != '%') ++j;
    const std::string_view name = text.substr(i, j - i);
    const std::int32_t reg = findRegister(f, warp, name);
    if (reg < 0) {
      out.error = fmt::format("no register {} in this kernel", name);
      return out;
    }
    uses.push_back({i, j - i, reg});
    i = j - 1;
  }
  const core::Dim3 block = f.launch ? f.launch->block : core::Dim3{32, 1, 1};
  (void)block;
  for (int l = 0; l < lanes; ++l) {
    std::string src;
    std::size_t from = 0;
    bool unwritten = false;
    for (const Use& u : uses) {
      src.append(text.substr(from, u.at - from));
      const auto r = static_cast<std::uint32_t>(u.reg);
      if (!((w.written[r] >> l) & 1u)) unwritten = true;
      src += literal(w.regs[static_cast<std::size_t>(r) * core::kWarpSize + static_cast<std::size_t>(l)],
                     ui::regType(f.prog(), u.reg));
      from = u.at + u.len;
    }
    src.append(text.substr(from));
    if (!((w.ctl.valid >> l) & 1u)) {
      out.values.emplace_back();
      continue;
    }
    const core::ExprVars vars{l, static_cast<std::int64_t>(w.warpInCta) * core::kWarpSize + l, w.warpInCta};
    const auto v = core::evalExpr(src, vars);
    if (const auto* e = std::get_if<core::ExprError>(&v)) {
      out.error = uses.empty() ? fmt::format("column {}: {}", e->col, e->message) : e->message;
      out.values.clear();
      return out;
    }
    out.values.push_back(unwritten ? std::string(ui::kNeverWritten) : valueText(std::get<core::ExprValue>(v)));
  }
  return out;
}

}  // namespace ws::dap
