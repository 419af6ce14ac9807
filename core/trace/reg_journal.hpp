#pragma once
// The register changes of one step, kept by register row: one entry per
// written row of a warp (its lanes as a mask) and the lanes' old and new
// values in two shared arrays. A warp-wide write journals one entry and two
// straight copies of the row instead of 32 separate changes.
//
// A row keeps every lane written, changed or not (comparing is left to the
// rare reader): a lane that was written before and keeps its value is no
// change, and is not read.
//
// Read as a sequence of RegChange, in the order the writes happened: the rows
// in order, each row's lanes ascending. Two rows written lane by lane together
// (a `d|p` destination: d, then p, for each lane) are a pair, read
// interleaved the same way.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include "core/exec/state/machine_state.hpp"

namespace ws::core {

struct RegChange {
  std::uint32_t warp = 0, reg = 0;
  std::uint8_t lane = 0;
  bool wasWritten = false;  // the register had been written before this change
  std::uint64_t before = 0, after = 0;
  // The value written is undefined: computed from a register nobody wrote
  // (the register then counts as unwritten, MachineState's `written`).
  bool undefined = false;
  bool operator==(const RegChange&) const = default;
};

class RegJournal {
 public:
  struct Row {
    std::uint32_t warp = 0, reg = 0;
    LaneMask lanes = 0;       // the lanes written (ascending in the value arrays)
    LaneMask wasWritten = 0;  // of `lanes`: those written before this write
    LaneMask given = 0;       // of `lanes`: journaled one by one as changes (read even if unchanged)
    LaneMask undefined = 0;   // of `lanes`: given undefined values (RegChange::undefined)
    std::uint32_t first = 0;  // index of the first lane's values
    enum class Pair : std::uint8_t { None, First, Second } pair = Pair::None;
  };

  class const_iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = RegChange;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = RegChange;

    const_iterator() = default;
    const_iterator(const RegJournal* j, std::size_t row) : m_j(j), m_row(row) { load(); }
    RegChange operator*() const;
    const_iterator& operator++();
    const_iterator operator++(int) {
      const_iterator t = *this;
      ++*this;
      return t;
    }
    bool operator==(const const_iterator& o) const { return m_row == o.m_row && m_a == o.m_a && m_b == o.m_b; }

   private:
    void load();                // the changes of the first row (pair) from m_row on that has any
    bool fromA() const;         // whether the next change is the first row's
    const RegJournal* m_j = nullptr;
    std::size_t m_row = 0;
    LaneMask m_a = 0, m_b = 0;  // lanes not yet visited: first row, second row of a pair
  };

  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, m_rows.size()}; }
  // Changes (lanes that changed or were never written before).
  std::size_t size() const;
  bool empty() const { return begin() == end(); }
  const std::vector<Row>& rows() const { return m_rows; }
  const std::uint64_t* before() const { return m_before.data(); }
  const std::uint64_t* after() const { return m_after.data(); }

  // Forgets the changes, keeping the storage.
  void clear() {
    m_rows.clear();
    m_used = 0;
  }
  // One lane's change, after every change journaled so far (read back even
  // if it changes nothing: a user's edit of a register to its own value).
  void push_back(const RegChange& c) { add(c.warp, c.reg, c.lane, c.wasWritten, c.before, c.after, c.undefined); }
  void add(std::uint32_t warp, std::uint32_t reg, int lane, bool was, std::uint64_t before, std::uint64_t after,
           bool undefined = false) {
    const LaneMask bit = 1u << lane;
    if (!m_rows.empty()) {
      Row& r = m_rows.back();
      // Lanes ascending within a row: a lane above all of the last row's joins it.
      if (r.warp == warp && r.reg == reg && r.pair == Row::Pair::None && (r.lanes >> lane) == 0) {
        r.lanes |= bit;
        r.wasWritten |= was ? bit : 0u;
        r.given |= bit;
        r.undefined |= undefined ? bit : 0u;
        push(before, after);
        return;
      }
    }
    m_rows.push_back({warp, reg, bit, was ? bit : 0u, bit, undefined ? bit : 0u, static_cast<std::uint32_t>(m_used),
                      Row::Pair::None});
    push(before, after);
  }
  // The write of (v[l] & mask) to lanes `lanes` of a register row, whose
  // current values are row[] and written lanes `written`; lanes `undefined`
  // of them get undefined values.
  void addRow(std::uint32_t warp, std::uint32_t reg, LaneMask lanes, const std::uint64_t* row, LaneMask written,
              const std::uint64_t* v, std::uint64_t mask, LaneMask undefined = 0) {
    if (lanes) putRow(warp, reg, lanes, written, row, v, mask, Row::Pair::None, undefined);
  }
  // Two rows written lane by lane together (d, then p, for each lane of
  // `lanes`): journaled as a pair. The rows must be different registers.
  void addRowPair(std::uint32_t warp, std::uint32_t regA, const std::uint64_t* rowA, LaneMask writtenA,
                  const std::uint64_t* vA, std::uint64_t maskA, std::uint32_t regB, const std::uint64_t* rowB,
                  LaneMask writtenB, const std::uint64_t* vB, std::uint64_t maskB, LaneMask lanes,
                  LaneMask undefined = 0) {
    if (!lanes) return;
    putRow(warp, regA, lanes, writtenA, rowA, vA, maskA, Row::Pair::First, undefined);
    putRow(warp, regB, lanes, writtenB, rowB, vB, maskB, Row::Pair::Second, undefined);
  }

  // Heap bytes held.
  std::uint64_t bytes() const {
    return m_rows.capacity() * sizeof(Row) + (m_before.capacity() + m_after.capacity()) * sizeof(std::uint64_t);
  }
  // Equal when they read as the same sequence of changes.
  bool operator==(const RegJournal& o) const;

 private:
  // The lanes of row r that are changes.
  LaneMask changes(const Row& r) const;
  void putRow(std::uint32_t warp, std::uint32_t reg, LaneMask changed, LaneMask written, const std::uint64_t* row,
              const std::uint64_t* v, std::uint64_t mask, Row::Pair pair, LaneMask undefined);
  void push(std::uint64_t before, std::uint64_t after) {
    if (m_used == m_before.size()) grow(1);
    m_before[m_used] = before;
    m_after[m_used] = after;
    ++m_used;
  }
  void grow(std::size_t n);

  std::vector<Row> m_rows;
  // Values of the rows' lanes, one per change, [0, m_used): sized by grow()
  // only, so clear() and reuse write no more than the values journaled.
  std::vector<std::uint64_t> m_before, m_after;
  std::size_t m_used = 0;
};

}  // namespace ws::core
