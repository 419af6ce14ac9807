#pragma once
// DAP variable references: what an expandable row stands for (a scope, a
// register's 32 lanes, a memory region). Handed out afresh at every stop, as
// the protocol allows; a reference is its index in the table plus one.
#include <cstdint>
#include <string>
#include <vector>

namespace ws::dap {

struct VarRef {
  enum class Kind : std::uint8_t {
    Lane,       // the focused lane's registers and predicates
    Warp,       // every register of the warp, one row of 32 lane values each
    WarpRow,    // one register's 32 lanes (a Warp row, or a watch of %r5)
    Masks,      // activemask, exited, membermask, ballots...
    Memory,     // the launch's buffers and each CTA's shared memory
    MemRegion,  // one of them, word by word
    Mbarriers,  // mbarrier objects in shared memory
    Values,     // an expression's 32 lane values (held in `values`)
  };
  Kind kind = Kind::Lane;
  std::uint32_t warp = 0;
  std::uint32_t index = 0;  // WarpRow: register; MemRegion: region in the memory view; Values: into the value table
};

class VarRefs {
 public:
  void clear() {
    m_refs.clear();
    m_values.clear();
  }
  int add(const VarRef& r) {
    m_refs.push_back(r);
    return static_cast<int>(m_refs.size());
  }
  // Lane values an expression produced (expanded under a Values reference).
  int addValues(std::uint32_t warp, std::vector<std::string> perLane) {
    m_values.push_back(std::move(perLane));
    return add({VarRef::Kind::Values, warp, static_cast<std::uint32_t>(m_values.size() - 1)});
  }
  const VarRef* find(std::int64_t ref) const {
    return ref >= 1 && static_cast<std::size_t>(ref) <= m_refs.size() ? &m_refs[static_cast<std::size_t>(ref - 1)]
                                                                      : nullptr;
  }
  const std::vector<std::string>& values(std::uint32_t i) const { return m_values.at(i); }

 private:
  std::vector<VarRef> m_refs;
  std::vector<std::vector<std::string>> m_values;
};

}  // namespace ws::dap
