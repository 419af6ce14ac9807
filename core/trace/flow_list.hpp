#pragma once
// The data flows of one step (the views' arrows), and their compact form:
// a shuffle at one call site keeps its lanes' sources and values, not 32
// Flow objects of 88 bytes.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include "core/exec/state/machine_state.hpp"
#include "core/ptx/program.hpp"

namespace ws::core {

// One end of a data-flow arrow.
struct Endpoint {
  enum class Kind : std::uint8_t { None, Lane, Memory, Mbarrier } kind = Kind::None;
  std::uint32_t warp = 0;   // Lane: global warp index
  std::uint8_t lane = 0;
  std::int32_t reg = -1;    // Lane: register, -1 if not a register
  Space space = Space::Global;  // Memory/Mbarrier
  std::uint32_t cta = 0;        // Memory/Mbarrier in shared space: owning CTA
  std::uint64_t addr = 0;       // address in `space` (shared: offset in that CTA)
  bool operator==(const Endpoint&) const = default;

  static Endpoint ofLane(std::uint32_t w, int l, std::int32_t r = -1) {
    Endpoint e; e.kind = Kind::Lane; e.warp = w; e.lane = static_cast<std::uint8_t>(l); e.reg = r; return e;
  }
  static Endpoint ofMemory(Space s, std::uint32_t cta, std::uint64_t a) {
    Endpoint e; e.kind = Kind::Memory; e.space = s; e.cta = cta; e.addr = a; return e;
  }
  static Endpoint ofMbarrier(std::uint32_t cta, std::uint64_t a) {
    Endpoint e; e.kind = Kind::Mbarrier; e.space = Space::Shared; e.cta = cta; e.addr = a; return e;
  }
};

enum class FlowKind : std::uint8_t {
  Shuffle,        // shfl: source lane -> destination lane
  ShuffleKeep,    // shfl out of range: lane keeps its own value (from == to)
  Vote,           // vote/ballot: each member lane -> each member lane
  Match,          // match: lane -> lane of the same group (`group` numbers the groups)
  Reduce,         // redux/elect: each member lane -> each member lane
  Atomic,         // atom/red: lane -> memory cell; `order` = serialization order
  AsyncIssue,     // an async operation issued (in flight): lane or source memory -> destination memory
  AsyncComplete,  // it is performed: lane or source memory -> destination memory
  CompleteTx,     // complete-tx: destination cell -> its mbarrier
  AsyncArrive,    // cp.async.mbarrier.arrive's arrive-on, performed by the async unit: issuing lane -> mbarrier
  MbarrierOp,     // arrive/expect_tx/...: lane -> mbarrier
  Load,           // memory cell -> lane
  Store,          // lane -> memory cell
  RowAddress,     // ldmatrix/stmatrix: the lane that supplies a row's address -> that row
};

struct Flow {
  FlowKind kind = FlowKind::Load;
  Endpoint from, to;
  std::uint64_t value = 0;
  std::uint32_t order = 0;   // serialization order for atomics, issue id for async
  std::uint32_t group = 0;   // match group id
  std::uint32_t bytes = 0;   // async operations: the bytes moved (a copy's whole region)
  std::uint8_t issuerLane = 0;  // async operations: the lane that issued it (copies start at memory)
  bool operator==(const Flow&) const = default;
};

// The flows of a step, read as one sequence of Flow in the order they were
// recorded. Flows recorded one by one are kept as they are; a whole
// shuffle's are kept as one group (its registers once, each lane's source
// lane and value) and read back as the Flows it stands for.
class FlowList {
 public:
  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Flow;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Flow;

    const_iterator() = default;
    const_iterator(const FlowList* l, std::size_t i) : m_l(l), m_i(i) {}
    Flow operator*() const { return (*m_l)[m_i]; }
    const_iterator& operator++() {
      ++m_i;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator t = *this;
      ++m_i;
      return t;
    }
    bool operator==(const const_iterator& o) const { return m_i == o.m_i; }

   private:
    const FlowList* m_l = nullptr;
    std::size_t m_i = 0;
  };

  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, m_size}; }
  std::size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }
  // The i-th flow (i < size()).
  Flow operator[](std::size_t i) const;
  // The flows as plain Flow objects (a copy that outlives the record).
  operator std::vector<Flow>() const { return {begin(), end()}; }

  void clear() {
    m_flows.clear();
    m_shuffles.clear();
    m_srcLanes.clear();
    m_values.clear();
    m_size = 0;
  }
  void push_back(const Flow& f) {
    m_flows.push_back(f);
    ++m_size;
  }
  // The flows of a shuffle at one call site of warp `warp`: for each lane l
  // of `lanes` (ascending), Shuffle (ShuffleKeep where l is not in
  // `inRange`) from lane src[l]'s register fromReg to lane l's register
  // toReg, carrying value[l].
  void addShuffle(std::uint32_t warp, std::int32_t fromReg, std::int32_t toReg, LaneMask lanes, LaneMask inRange,
                  const std::uint8_t* src, const std::uint64_t* value);

  std::uint64_t bytes() const {
    return m_flows.capacity() * sizeof(Flow) + m_shuffles.capacity() * sizeof(Shuffle) + m_srcLanes.capacity() +
           m_values.capacity() * sizeof(std::uint64_t);
  }
  // Equal when they read as the same sequence of flows.
  bool operator==(const FlowList& o) const;

 private:
  struct Shuffle {
    std::size_t at = 0;  // flows of the sequence before this group's
    std::uint32_t warp = 0;
    std::int32_t fromReg = -1, toReg = -1;
    LaneMask lanes = 0, inRange = 0;
    std::size_t values = 0;  // index of its 32 entries in m_srcLanes and m_values
  };
  std::vector<Flow> m_flows;  // the flows recorded one by one, in order
  std::vector<Shuffle> m_shuffles;
  std::vector<std::uint8_t> m_srcLanes;  // 32 per shuffle, by lane
  std::vector<std::uint64_t> m_values;   // 32 per shuffle, by lane
  std::size_t m_size = 0;
};

}  // namespace ws::core
