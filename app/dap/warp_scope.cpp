#include "app/dap/warp_scope.hpp"

namespace ws::dap {
namespace {

std::string laneName(int lane) { return "lane " + std::to_string(lane); }

}  // namespace

std::string laneRowText(const std::vector<std::string>& perLane) {
  std::string out = "[";
  for (std::size_t i = 0; i < perLane.size(); ++i) {
    if (i) out += ", ";
    out += perLane[i];
  }
  out += ']';
  return out;
}

std::string laneRowText(const ui::RegisterTableView& t, std::size_t column) {
  std::string out = "[";
  out.reserve(static_cast<std::size_t>(t.lanes) * 6 + 2);
  for (int l = 0; l < t.lanes; ++l) {
    if (l) out += ", ";
    out += t.at(l, column).text;
  }
  out += ']';
  return out;
}

nlohmann::json laneVariables(const ui::RegisterTableView& t, int lane) {
  nlohmann::json out = nlohmann::json::array();
  if (lane < 0 || lane >= t.lanes) return out;
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    const ui::RegColumn& col = t.columns[c];
    const ui::RegCell& cell = t.at(lane, c);
    out.push_back({{"name", col.name},
                   {"value", cell.text},
                   {"type", col.typeText},
                   {"evaluateName", col.name + "[lane " + std::to_string(lane) + "]"},
                   {"variablesReference", 0}});
  }
  return out;
}

nlohmann::json warpVariables(const ui::RegisterTableView& t, VarRefs& refs) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    const ui::RegColumn& col = t.columns[c];
    out.push_back({{"name", col.name},
                   {"value", laneRowText(t, c)},
                   {"type", col.typeText},
                   {"evaluateName", col.name},
                   {"indexedVariables", t.lanes},
                   {"variablesReference", refs.add({VarRef::Kind::WarpRow, t.warp, col.reg})}});
  }
  return out;
}

nlohmann::json registerLaneVariables(const ui::RegisterTableView& t, std::size_t column) {
  nlohmann::json out = nlohmann::json::array();
  if (column >= t.columns.size()) return out;
  const ui::RegColumn& col = t.columns[column];
  for (int l = 0; l < t.lanes; ++l)
    out.push_back({{"name", laneName(l)},
                   {"value", t.at(l, column).text},
                   {"type", col.typeText},
                   {"evaluateName", col.name + "[lane " + std::to_string(l) + "]"},
                   {"variablesReference", 0}});
  return out;
}

nlohmann::json valueLaneVariables(const std::vector<std::string>& perLane) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t l = 0; l < perLane.size(); ++l)
    out.push_back({{"name", laneName(static_cast<int>(l))}, {"value", perLane[l]}, {"variablesReference", 0}});
  return out;
}

}  // namespace ws::dap
