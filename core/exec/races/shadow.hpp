#pragma once
// Shadow memory of the race detector: for every byte of global and shared
// memory that the launch touched, the last write and up to two reads that no
// later access has ordered (FastTrack's epochs, with the reads kept as two
// slots instead of a full read clock: a third concurrent reader replaces the
// newer slot, which can hide a race, never invent one). 48 bytes a touched
// byte, in 256-byte pages allocated on first touch and shared between copies
// of the detector until one of them writes (history checkpoints copy it).
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/exec/state/mem_region.hpp"

namespace ws::core::race {

// One access as the shadow keeps it.
struct Rec {
  static constexpr std::uint32_t kNobody = ~0u;
  static constexpr std::uint32_t kTwin = 1u << 31;  // `who` names a thread's asynchronous twin
  // flags (the top byte of pcFlags)
  static constexpr std::uint32_t kWrite = 1, kAtomic = 2, kStrong = 4, kAsyncProxy = 8, kScopeShift = 4;
  std::uint32_t who = kNobody;  // global thread index (warp * 32 + lane), | kTwin for its async twin
  std::uint32_t clock = 0;
  std::uint32_t step = 0;     // the step's low 32 bits
  std::uint32_t pcFlags = 0;  // pc (24 bits) | flags << 24
  bool empty() const { return who == kNobody; }
  std::uint32_t pc() const { return pcFlags & 0xffffffu; }
  std::uint32_t flags() const { return pcFlags >> 24; }
};

struct Cell {
  Rec write;
  std::array<Rec, 2> reads;
};

class Shadow {
 public:
  static constexpr std::uint64_t kPageBytes = 256;
  Shadow() = default;
  // A copy shares the pages; neither keeps the other's last-page shortcut.
  Shadow(const Shadow& o) : m_global(o.m_global), m_shared(o.m_shared), m_pages(o.m_pages) {}
  Shadow& operator=(const Shadow& o) {
    if (this != &o) {
      m_global = o.m_global;
      m_shared = o.m_shared;
      m_pages = o.m_pages;
      m_last = nullptr;
    }
    return *this;
  }
  Shadow(Shadow&&) = default;
  Shadow& operator=(Shadow&&) = default;
  // The cell of a byte, its page made on first touch (and copied first if
  // another copy of the shadow shares it).
  Cell& cell(MemRegion region, std::uint32_t index, std::uint64_t offset);
  // Bytes of shadow pages held (shared pages counted in every holder).
  std::uint64_t bytes() const { return m_pages * sizeof(Page); }

 private:
  struct Page {
    std::array<Cell, kPageBytes> cells;
  };
  using Table = std::vector<std::shared_ptr<Page>>;
  std::vector<Table> m_global, m_shared;  // [buffer or CTA][page]
  std::uint64_t m_pages = 0;
  // The last page looked up, for the run of bytes one access touches.
  MemRegion m_lastRegion = MemRegion::Local;
  std::uint32_t m_lastIndex = 0;
  std::uint64_t m_lastPage = ~0ull;
  Page* m_last = nullptr;
};

}  // namespace ws::core::race
