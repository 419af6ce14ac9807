#pragma once
// Vector clocks for the race detector (FastTrack's happens-before, Flanagan
// & Freund, PLDI 2009), shaped for GPUs: a clock is a list of per-CTA rows,
// because synchronization is almost always inside a CTA (barriers, warp
// syncs, mbarriers) and a thread learns about other CTAs only through
// release/acquire or fences. A row is shared (immutable, reference counted):
// after a barrier every thread of the CTA holds the same row, so a barrier
// costs one row, not one per thread, and copying a clock copies pointers.
#include <cstdint>
#include <memory>
#include <vector>

namespace ws::core::race {

using Clock = std::uint32_t;

// A thread of the launch, as the detector numbers it: its CTA and its slot
// there (warp-in-CTA * 32 + lane). Slots from `twinBase` on are the threads'
// asynchronous twins (the async proxy working for the thread: its copies and
// red.async), twin slot = twinBase + thread slot.
struct Tid {
  std::uint32_t cta = 0;
  std::uint32_t slot = 0;
  bool operator==(const Tid&) const = default;
};

class VectorClock {
 public:
  using Row = std::vector<Clock>;
  VectorClock() = default;
  Clock at(Tid t) const {
    for (const Part& p : m_parts)
      if (p.cta == t.cta) return t.slot < p.row->size() ? (*p.row)[t.slot] : 0;
    return 0;
  }
  bool empty() const { return m_parts.empty(); }

  // Builds the join of clocks plus single entries; a row that every joined
  // clock shares and no entry changes is kept, not copied.
  class Join {
   public:
    explicit Join(std::uint32_t rowSize) : m_rowSize(rowSize) {}
    void add(const VectorClock& c);
    void add(const std::shared_ptr<const VectorClock>& c) {
      if (c) add(*c);
    }
    void set(Tid t, Clock c);  // entry t becomes at least c
    std::shared_ptr<const VectorClock> build();

   private:
    struct Acc {
      std::uint32_t cta = 0;
      std::shared_ptr<const Row> shared;  // the one row seen so far, while no other row or entry came
      std::shared_ptr<Row> own;           // once a second row or an entry came
    };
    Acc& acc(std::uint32_t cta);
    Row& ownRow(Acc& a);
    std::uint32_t m_rowSize;
    std::vector<Acc> m_acc;  // sorted by cta
  };

 private:
  struct Part {
    std::uint32_t cta = 0;
    std::shared_ptr<const Row> row;
  };
  std::vector<Part> m_parts;  // sorted by cta
};

using ClockPtr = std::shared_ptr<const VectorClock>;

}  // namespace ws::core::race
