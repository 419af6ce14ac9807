// scopes, variables, setVariable: the focused lane's registers, the Warp
// scope (one row of 32 lane values per register), masks, memory, mbarriers.
// Every text comes from ui/views' builders.
#include <fmt/format.h>

#include "app/dap/adapter.hpp"
#include "app/dap/warp_scope.hpp"
#include "ui/frame/step_facts.hpp"
#include "ui/frame/value_parse.hpp"

namespace ws::dap {
namespace {

constexpr std::int64_t kFramesPerWarp = 64;

Json scope(const std::string& name, int ref, bool expensive, const char* hint = nullptr) {
  Json s = {{"name", name}, {"variablesReference", ref}, {"expensive", expensive}};
  if (hint) s["presentationHint"] = hint;
  return s;
}

}  // namespace

Adapter::Reply Adapter::scopes(const Json& args) {
  const std::int64_t frameId = args.at("frameId").get<std::int64_t>();
  std::uint32_t warp =
      frameId >= 1 ? static_cast<std::uint32_t>((frameId - 1) / kFramesPerWarp) : m_session->focus().warp;
  if (warp >= m_session->state().warps.size()) warp = m_session->focus().warp;
  const int lane = laneShown(warp);
  Json list = Json::array();
  list.push_back(scope(fmt::format("Lane {}", lane), m_refs.add({VarRef::Kind::Lane, warp, 0}), false, "registers"));
  list.push_back(scope("Warp", m_refs.add({VarRef::Kind::Warp, warp, 0}), false, "registers"));
  list.push_back(scope("Masks", m_refs.add({VarRef::Kind::Masks, warp, 0}), false));
  list.push_back(scope("Memory", m_refs.add({VarRef::Kind::Memory, warp, 0}), true));
  list.push_back(scope("Mbarriers", m_refs.add({VarRef::Kind::Mbarriers, warp, 0}), true));
  Reply r;
  r.body["scopes"] = list;
  return r;
}

Adapter::Reply Adapter::variables(const Json& args) {
  const VarRef* ref = m_refs.find(args.at("variablesReference").get<std::int64_t>());
  if (!ref) return Reply::fail("the variables reference is stale: the program moved since");
  const VarRef v = *ref;  // the table may grow below
  const ui::Frame f = m_session->frame();
  Json out = Json::array();
  switch (v.kind) {
    case VarRef::Kind::Lane:
      out = laneVariables(ui::buildRegisterTable(f, v.warp), laneShown(v.warp));
      break;
    case VarRef::Kind::Warp:
      out = warpVariables(ui::buildRegisterTable(f, v.warp), m_refs);
      break;
    case VarRef::Kind::WarpRow:
      out = registerLaneVariables(ui::buildRegisterTable(f, v.warp, {v.index}), 0);
      break;
    case VarRef::Kind::Values:
      out = valueLaneVariables(m_refs.values(v.index));
      break;
    case VarRef::Kind::Masks:
      for (const ui::MaskRow& m : ui::buildMasks(f, v.warp).rows)
        out.push_back(
            {{"name", m.label}, {"value", fmt::format("{} ({})", m.hex, m.laneBits)}, {"variablesReference", 0}});
      break;
    case VarRef::Kind::Memory: {
      const ui::MemoryView mem = ui::buildMemory(f);
      for (std::uint32_t i = 0; i < mem.regions.size(); ++i) {
        const ui::MemoryRegionView& region = mem.regions[i];
        out.push_back({{"name", region.name},
                       {"value", fmt::format("{} bytes", region.bytes)},
                       {"indexedVariables", region.words.size()},
                       {"variablesReference", m_refs.add({VarRef::Kind::MemRegion, v.warp, i})}});
      }
      break;
    }
    case VarRef::Kind::MemRegion: {
      const ui::MemoryView mem = ui::buildMemory(f);
      if (v.index >= mem.regions.size()) break;
      const ui::MemoryRegionView& region = mem.regions[v.index];
      const bool global = region.region == core::MemRegion::Global;
      for (std::size_t i = 0; i < region.words.size(); ++i) {
        const ui::MemWord& w = region.words[i];
        out.push_back({{"name", global ? fmt::format("{}[{}]", region.name, i) : fmt::format("+0x{:x}", w.offset)},
                       {"value", w.text},
                       {"variablesReference", 0}});
      }
      break;
    }
    case VarRef::Kind::Mbarriers:
      for (const ui::MbarrierRow& m : ui::buildMbarrierPanel(f, m_session->index()).objects)
        out.push_back({{"name", m.name},
                       {"value", fmt::format("{}: {}, {}, {}{}", m.addrText, m.stateText, m.phaseText, m.pendingText,
                                             m.txText.empty() ? "" : ", " + m.txText)},
                       {"variablesReference", 0}});
      break;
  }
  // Paging, when the client asks for it (indexedVariables).
  const std::size_t start = args.value("start", std::size_t{0});
  const std::size_t count = args.value("count", std::size_t{0});
  if (start > 0 || count > 0) {
    Json page = Json::array();
    for (std::size_t i = start; i < out.size() && (count == 0 || i < start + count); ++i) page.push_back(out[i]);
    out = std::move(page);
  }
  Reply r;
  r.body["variables"] = std::move(out);
  return r;
}

Adapter::Reply Adapter::setVariable(const Json& args) {
  const VarRef* ref = m_refs.find(args.at("variablesReference").get<std::int64_t>());
  if (!ref) return Reply::fail("the variables reference is stale: the program moved since");
  const VarRef v = *ref;
  const std::string name = args.at("name").get<std::string>();
  const std::string text = args.at("value").get<std::string>();
  const core::Program& p = m_session->program();
  std::int32_t reg = -1;
  int lane = laneShown(v.warp);
  if (v.kind == VarRef::Kind::Lane) {
    for (std::uint32_t r = 0; r < p.regs.size() && reg < 0; ++r)
      if (ui::regName(p, static_cast<std::int32_t>(r)) == name) reg = static_cast<std::int32_t>(r);
  } else if (v.kind == VarRef::Kind::WarpRow && name.rfind("lane ", 0) == 0) {
    reg = static_cast<std::int32_t>(v.index);
    lane = std::stoi(name.substr(5));
  } else {
    return Reply::fail("only registers of a lane (the Lane scope, or a lane of a Warp row) can be set");
  }
  if (reg < 0) return Reply::fail(fmt::format("no register {}", name));
  const core::DataType t = ui::regType(p, reg);
  const ui::Frame f = m_session->frame();
  const ui::ParsedValue pv = ui::parseRegisterValue(text, t, f.options.formatOf(static_cast<std::uint32_t>(reg), t));
  if (!pv.bits) return Reply::fail(pv.error);
  if (!m_session->editRegister(v.warp, lane, static_cast<std::uint32_t>(reg), *pv.bits))
    return Reply::fail(fmt::format("{} of lane {} cannot be set here", name, lane));
  m_printedUpTo = std::min(m_printedUpTo, m_session->position());
  const ui::Frame after = m_session->frame();
  Reply r;
  r.body = {{"value", ui::regText(after, static_cast<std::uint32_t>(reg), *pv.bits, true)},
            {"type", std::string(".") + std::string(core::typeName(t))}};
  if (m_invalidatedEvents) sendEvent("invalidated", {{"areas", Json::array({"variables"})}});
  return r;
}

}  // namespace ws::dap
