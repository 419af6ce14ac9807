#pragma once
// What the views need to know about the past, collected once per recorded
// step as the history grows (never rescanned per frame): timeline markers
// (a saved schedule's forced switches among them),
// the mbarrier objects that mbarrier.init created and every change to them,
// and each red.async from issue to completion. When a recorded future is cut
// off (an edit, a chosen step, a policy change), the owner invalidates the
// index from that step and it rescans only what changed.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ui/frame/frame.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {

class HistoryIndex {
 public:
  struct MbarrierObject {
    std::uint32_t cta = 0;
    std::uint64_t offset = 0;
    std::uint64_t initStep = 0;  // record index of its (first) mbarrier.init
  };
  // One change of an object's word.
  struct MbarrierTouch {
    std::uint64_t step = 0;      // record index
    std::uint32_t object = 0;    // index into mbarriers()
    std::uint64_t before = 0, after = 0;
    std::string op;              // "init", "arrive", "complete-tx", "expect_tx", ...
  };
  // What a step printed (device printf, a failed assert).
  struct Printed {
    std::uint64_t step = 0;  // record index
    core::PrintedText text;
  };
  struct AsyncOpLife {
    std::uint64_t id = 0;
    std::uint64_t issueStep = 0;              // record index
    std::int64_t completeStep = -1;           // record index, -1 while in flight
    core::Flow issue, complete;
    std::uint32_t issuePc = 0;
  };

  // Scans the records not yet seen. `layout`: any state of the run (the
  // warps' CTAs and places in them, which never change), for warp titles.
  void sync(const core::Program& p, const core::MachineState& layout, const RecordSource& records);
  // Scans record i if it is the next one not yet seen (as it is recorded).
  void add(const core::Program& p, const core::MachineState& layout, const core::StepRecord& r, std::uint64_t i);
  // Forget everything learnt from record `step` on (the future was cut off there).
  void invalidateFrom(std::uint64_t step);
  void clear() { invalidateFrom(0); }
  std::uint64_t scanned() const { return m_scanned; }

  const std::vector<TimelineMarker>& markers() const { return m_markers; }
  const std::vector<MbarrierObject>& mbarriers() const { return m_mbarriers; }
  const std::vector<MbarrierTouch>& touches() const { return m_touches; }
  const std::map<std::uint64_t, AsyncOpLife>& asyncOps() const { return m_async; }
  const std::vector<Printed>& printed() const { return m_printed; }  // ascending step
  // A diagnostic that carries a race (race-*, memory-model-*) and the record that reported it.
  struct Race {
    std::uint64_t record = 0;  // record index
    core::Diagnostic diag;
  };
  const std::vector<Race>& races() const { return m_races; }  // in the order reported
  int findMbarrier(std::uint32_t cta, std::uint64_t offset) const;

 private:
  void scan(const core::Program& p, const core::MachineState& layout, const core::StepRecord& r, std::uint64_t i);

  std::uint64_t m_scanned = 0;
  std::vector<TimelineMarker> m_markers;
  std::vector<MbarrierObject> m_mbarriers;
  std::vector<MbarrierTouch> m_touches;
  std::map<std::uint64_t, AsyncOpLife> m_async;
  std::vector<Printed> m_printed;
  std::vector<Race> m_races;
};

}  // namespace ws::ui
