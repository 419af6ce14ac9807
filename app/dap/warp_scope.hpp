#pragma once
// Register tables (ui/views' RegisterTableView, formatted there) as DAP
// variables: the focused lane's registers, and the Warp scope where each
// register is one row of its 32 lane values, the cross-lane watch.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/dap/var_refs.hpp"
#include "ui/views/views.hpp"

namespace ws::dap {

// "[3, 5, —, 7]": the lanes' texts in lane order, as one value.
std::string laneRowText(const std::vector<std::string>& perLane);
std::string laneRowText(const ui::RegisterTableView& t, std::size_t column);

// One variable per register: its value in `lane`.
nlohmann::json laneVariables(const ui::RegisterTableView& t, int lane);
// One variable per register: its 32 lanes as one row, expandable into the
// lanes (a WarpRow reference each).
nlohmann::json warpVariables(const ui::RegisterTableView& t, VarRefs& refs);
// One variable per lane ("lane 7") of one column.
nlohmann::json registerLaneVariables(const ui::RegisterTableView& t, std::size_t column);
// One variable per lane of precomputed texts.
nlohmann::json valueLaneVariables(const std::vector<std::string>& perLane);

}  // namespace ws::dap
