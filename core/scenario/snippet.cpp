#include "core/scenario/snippet.hpp"

#include <algorithm>
#include <charconv>
#include <tuple>

#include <fmt/format.h>

namespace ws::core {
namespace {

bool identStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
bool identChar(char c) { return identStart(c) || (c >= '0' && c <= '9'); }

bool allDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Reads "%name" at code[i] (i at '%'); returns the name or "".
std::string_view regAt(std::string_view code, std::size_t i) {
  if (i + 1 >= code.size() || !identStart(code[i + 1])) return {};
  std::size_t e = i + 1;
  while (e < code.size() && identChar(code[e])) ++e;
  return code.substr(i, e - i);
}

}  // namespace

bool isPtxIdentifier(std::string_view name) {
  if (name.empty() || !identStart(name[0])) return false;
  return std::all_of(name.begin(), name.end(), identChar);
}

bool isRegisterName(std::string_view name) {
  return name.size() >= 2 && name[0] == '%' && isPtxIdentifier(name.substr(1));
}

bool isSpecialRegisterName(std::string_view name) {
  static constexpr std::string_view kSpecial[] = {
      "%tid", "%ntid", "%laneid", "%warpid", "%nwarpid", "%ctaid", "%nctaid", "%smid", "%nsmid",
      "%gridid", "%lanemask_eq", "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt",
      "%clock", "%clock_hi", "%clock64", "%globaltimer", "%globaltimer_lo", "%globaltimer_hi",
      "%total_smem_size", "%aggr_smem_size", "%dynamic_smem_size", "%current_graph_exec",
      "%is_explicit_cluster", "%clusterid", "%nclusterid", "%cluster_ctaid", "%cluster_nctaid",
      "%cluster_ctarank", "%cluster_nctarank"};
  if (std::find(std::begin(kSpecial), std::end(kSpecial), name) != std::end(kSpecial)) return true;
  // %pm0..%pm7 (and _64 forms), %envreg0..31, %reserved_smem_offset_*.
  if (name.starts_with("%pm") && name.size() > 3 && name[3] >= '0' && name[3] <= '9') return true;
  if (name.starts_with("%envreg") && allDigits(name.substr(7))) return true;
  return name.starts_with("%reserved_smem_offset");
}

std::optional<DataType> registerTypeFromName(std::string_view name) {
  // Longest prefix first: %rd before %r, %fd before %f.
  static constexpr std::pair<std::string_view, DataType> kPrefixes[] = {
      {"%rd", DataType::B64}, {"%rs", DataType::B16}, {"%fd", DataType::F64}, {"%r", DataType::B32},
      {"%f", DataType::F32},  {"%p", DataType::Pred}, {"%h", DataType::B16},
  };
  for (const auto& [prefix, type] : kPrefixes)
    if (name.starts_with(prefix) && allDigits(name.substr(prefix.size()))) return type;
  return std::nullopt;
}

bool SnippetRegs::declares(const std::string& name) const {
  if (std::find(declaredByCode.begin(), declaredByCode.end(), name) != declaredByCode.end()) return true;
  for (const auto& [prefix, n] : rangesByCode) {
    if (!name.starts_with(prefix) || !allDigits(std::string_view(name).substr(prefix.size()))) continue;
    std::uint64_t v = 0;
    const std::string_view digits = std::string_view(name).substr(prefix.size());
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec == std::errc() && v < n) return true;
  }
  return false;
}

SnippetRegs scanSnippetRegisters(std::string_view code) {
  SnippetRegs r;
  std::size_t i = 0;
  bool inReg = false;  // inside a ".reg ... ;" declaration
  while (i < code.size()) {
    if (code.substr(i, 2) == "//") {
      while (i < code.size() && code[i] != '\n') ++i;
      continue;
    }
    if (code.substr(i, 2) == "/*") {
      const std::size_t e = code.find("*/", i + 2);
      i = e == std::string_view::npos ? code.size() : e + 2;
      continue;
    }
    if (code.substr(i, 4) == ".reg" && (i + 4 >= code.size() || !identChar(code[i + 4])) &&
        (i == 0 || !identChar(code[i - 1]))) {
      inReg = true;
      i += 4;
      continue;
    }
    if (code[i] == ';') inReg = false;
    if (code[i] == '%') {
      const std::string_view name = regAt(code, i);
      if (name.empty()) {
        ++i;
        continue;
      }
      i += name.size();
      if (isSpecialRegisterName(name)) continue;
      std::string n(name);
      if (inReg) {
        if (i < code.size() && code[i] == '<') {
          const std::size_t e = code.find('>', i);
          std::uint32_t count = 0;
          if (e != std::string_view::npos) std::from_chars(code.data() + i + 1, code.data() + e, count);
          r.rangesByCode.emplace_back(n, count);
        } else {
          r.declaredByCode.push_back(n);
        }
      } else if (std::find(r.used.begin(), r.used.end(), n) == r.used.end()) {
        r.used.push_back(std::move(n));
      }
      continue;
    }
    ++i;
  }
  return r;
}

std::optional<SnippetModule> buildSnippetModule(const Scenario& s, std::vector<SnippetError>& errors) {
  const SnippetSpec& sn = s.program.snippet;
  const std::size_t errorsBefore = errors.size();
  SnippetRegs scan = scanSnippetRegisters(sn.code);

  // Every register to declare: used by the code, initialised, or declared in
  // [program.snippet.regs]; minus those the code declares itself.
  std::vector<std::string> names;
  auto add = [&](const std::string& n) {
    if (!scan.declares(n) && std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  };
  for (const auto& n : scan.used) add(n);
  for (const auto& [n, e] : sn.init) add(n);
  for (const auto& [n, t] : sn.regs) add(n);

  // Declared (and so numbered and listed) in natural order: %f1, %p1, %r1, %r2, %r10.
  auto natural = [](const std::string& a, const std::string& b) {
    auto split = [](const std::string& name) {
      std::size_t k = name.size();
      while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9') --k;
      const std::string digits = name.substr(k);
      return std::make_tuple(name.substr(0, k), digits.size(), digits);
    };
    return split(a) < split(b);
  };
  std::stable_sort(names.begin(), names.end(), natural);

  SnippetModule m;
  for (const std::string& n : names) {
    std::optional<DataType> t;
    if (auto it = sn.regs.find(n); it != sn.regs.end()) t = it->second;
    if (!t) t = registerTypeFromName(n);
    if (!t) {
      if (auto it = sn.init.find(n); it != sn.init.end()) {
        auto parsed = Expr::parse(it->second);
        if (auto* e = std::get_if<Expr>(&parsed)) {
          auto v = e->eval(snippetVars(0));
          if (e->isBoolean()) t = DataType::Pred;
          else if (auto* ev = std::get_if<ExprValue>(&v); ev && ev->isFloat) t = DataType::F32;
          else t = DataType::B32;
        } else {
          continue;  // the expression's own error is reported where it is evaluated
        }
      }
    }
    if (!t) {
      const auto at = sn.code.find(n);
      errors.push_back({"program.snippet.code", at == std::string::npos ? 0 : at,
                        fmt::format("cannot tell the type of register {}: name it like nvcc does (%r1, %rd1, %f1, "
                                    "%fd1, %p1, %rs1) or declare it in [program.snippet.regs], e.g. \"{}\" = \"u32\"",
                                    n, n)});
      continue;
    }
    m.declared.emplace_back(n, *t);
  }

  // Parameters: the scenario's params, by name.
  std::vector<std::string> params;
  for (std::size_t i = 0; i < s.params.size(); ++i) {
    const std::string path = fmt::format("param[{}]", i);
    if (const auto* b = std::get_if<BufferParam>(&s.params[i])) {
      if (!isPtxIdentifier(b->name)) {
        errors.push_back({path + ".buffer", 0,
                          fmt::format("'{}' cannot name a snippet parameter: use letters, digits, _ and $", b->name)});
        continue;
      }
      params.push_back(fmt::format("\t.param .u64 {}", b->name));
    } else if (const auto* sc = std::get_if<ScalarParam>(&s.params[i])) {
      if (!isPtxIdentifier(sc->name)) {
        errors.push_back({path + ".scalar", 0,
                          fmt::format("'{}' cannot name a snippet parameter: use letters, digits, _ and $", sc->name)});
        continue;
      }
      params.push_back(fmt::format("\t.param .{} {}", typeName(sc->type), sc->name));
    }
  }
  if (errors.size() != errorsBefore) return std::nullopt;

  std::string& p = m.ptx;
  p += "// generated from a snippet scenario\n";
  p += ".version 9.0\n";
  p += fmt::format(".target {}\n", s.target.empty() ? std::string(kSnippetTarget) : s.target);
  p += ".address_size 64\n\n";
  p += fmt::format(".visible .entry {}(", kSnippetEntry);
  if (!params.empty()) p += "\n" + fmt::format("{}", fmt::join(params, ",\n")) + "\n";
  p += ")\n{\n";
  for (const auto& [n, t] : m.declared) p += fmt::format("\t.reg .{} {};\n", typeName(t), n);
  m.codeFirstLine = static_cast<std::uint32_t>(std::count(p.begin(), p.end(), '\n')) + 1;
  p += sn.code;
  if (sn.code.empty() || sn.code.back() != '\n') p += "\n";
  p += "}\n";
  return m;
}

}  // namespace ws::core
