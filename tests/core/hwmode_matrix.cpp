#include "tests/core/hwmode_matrix.hpp"

#include <fmt/format.h>

#include <map>
#include <sstream>

#include "tests/core/golden_replay.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {

const std::string kDir = ws::test::dataPath("/hwmode");
const std::string kExtraDir = ws::test::dataPath("/hwmode_extra");

}  // namespace

std::map<std::string, nlohmann::json> planTests(const std::string& dir, const std::string& module) {
  std::map<std::string, nlohmann::json> out;
  std::istringstream in(readMaybeGz(dir + "/" + module + ".plan.gz"));
  std::string line;
  nlohmann::json t;
  auto words = [](std::istringstream& ls) {
    std::size_t n = 0;
    ls >> n;
    std::vector<std::uint32_t> w(n);
    for (auto& x : w) ls >> std::hex >> x >> std::dec;
    return w;
  };
  auto flush = [&] {
    if (t.contains("name")) out[t["name"].get<std::string>()] = t;
    t = nlohmann::json::object();
  };
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (key == "test") {
      flush();
      std::string name;
      ls >> name;
      t["name"] = name;
    } else if (key == "grid" || key == "block" || key == "cluster") {
      std::uint32_t x = 0, y = 0, z = 0;
      ls >> x >> y >> z;
      t[key] = key == "cluster" && x == 0 ? nlohmann::json(0) : nlohmann::json::array({x, y, z});
    } else if (key == "smem") {
      std::uint32_t v = 0;
      ls >> v;
      t["smem"] = v;
    } else if (key == "in") {
      t["in"] = words(ls);
    } else if (key == "out") {
      t["out_init"] = words(ls);
    }
  }
  flush();
  return out;
}

HwRun runInHardwareMode(const HwCase& c) {
  core::EngineOptions opts;
  opts.mode = core::ExecMode::Hardware;
  opts.reportUninitializedReads = false;
  return runHwCase(c, opts, kMatrixSteps);
}

const nlohmann::json& casesJson() {
  static const nlohmann::json doc = nlohmann::json::parse(slurp(kDir + "/cases.json"));
  return doc;
}

const nlohmann::json& caseOf(const std::string& name) {
  static const std::map<std::string, nlohmann::json> byName = [] {
    std::map<std::string, nlohmann::json> m;
    for (const auto& t : casesJson()["tests"]) m[t["name"].get<std::string>()] = t;
    return m;
  }();
  static const nlohmann::json none;
  auto it = byName.find(name);
  return it == byName.end() ? none : it->second;
}

namespace {

std::string label(const std::string& module, const std::string& name) {
  std::string s = module + "_" + name;
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

// The recorded tests of `dir` (golden-*.json.gz) and the ones its
// outcomes.json says the H100 did not finish, launched from the plans. An
// outcome names the watchdog itself ("watchdog": true) or cases.json does.
std::vector<MatrixCase> casesIn(const std::string& dir) {
  std::vector<MatrixCase> out;
  for (HwCase& c : loadHwCases(dir)) out.push_back({std::move(c), Outcome::Recorded, {}});
  const auto outcomes = nlohmann::json::parse(slurp(dir + "/outcomes.json"));
  std::map<std::string, std::map<std::string, nlohmann::json>> plans;
  for (const auto& [name, o] : outcomes.items()) {
    const std::string module = o["module"].get<std::string>();
    if (!plans.count(module)) plans[module] = planTests(dir, module);
    MatrixCase mc;
    mc.hw.dir = dir;
    mc.hw.module = module;
    mc.hw.label = label(module, name);
    mc.hw.testName = name;
    mc.hw.test = std::make_shared<const nlohmann::json>(plans[module].at(name));
    const std::string detail = o.value("detail", "");
    const nlohmann::json& c = caseOf(name);
    const bool watchdog = o.value("watchdog", c.is_object() && c.value("watchdog", false));
    if (o["outcome"] == "hang" || (watchdog && detail == "unspecified launch failure")) {
      mc.outcome = Outcome::Hang;
    } else {
      mc.outcome = Outcome::Fault;
      mc.detail = detail;
    }
    out.push_back(std::move(mc));
  }
  return out;
}

}  // namespace

std::vector<MatrixCase> matrixCases() { return casesIn(kDir); }

std::vector<MatrixCase> extraCases() { return casesIn(kExtraDir); }

std::string describeWord(const MatrixCase& mc, std::size_t index) {
  const nlohmann::json& c = caseOf(mc.hw.name());
  const std::size_t row = index / 32, lane = index % 32;
  if (!c.is_object()) return fmt::format("row {}, lane {}", row, lane);  // hwmode_extra: its gen.py has the rows
  for (const auto& r : c["out_rows"]) {
    if (r["row"].get<std::size_t>() != row) continue;
    if (!r.contains("site")) return fmt::format("{}, lane {}", r.value("what", "?"), lane);
    const int site = r["site"].get<int>();
    std::string instr = "mark";
    std::string extra;
    for (const auto& s : c["sites"]) {
      if (s["site"].get<int>() != site) continue;
      instr = s.value("instr", s.value("label", std::string("mark")));
      if (s.contains("isa_src") && r["what"] == "d")
        extra = fmt::format(" (ISA source lane {}, p {})", s["isa_src"][lane].get<int>(), s["isa_p"][lane].get<int>());
    }
    return fmt::format("site {} {} {}, lane {}{}", site, instr, r["what"].get<std::string>(), lane, extra);
  }
  return fmt::format("word {} (watchdog)", index);
}

}  // namespace ws::test
