#pragma once
// What an H100's multi-function unit (MUFU) returns, recorded for every input
// of each function's reduced domain (assets/mufu, recorded with
// tests/hwrec/mufu_record.md). MUFU.RCP, RSQ, SQRT, EX2, LG2 and SIN are
// table-driven quadratic interpolators whose tables are not published; their
// results differ from the correctly rounded ones in up to 13% of inputs, so a
// bit-exact engine needs the recorded words. The engine does no file I/O: the
// front ends and tests read the files and hand the bytes to decodeMufuTable().
// Without tables the engine falls back to correctly rounded approximations.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace ws::core {

// One recorded function: entry i is the output word for reduced input i.
// Stored in blocks of 64 (an anchor word and 63 int8 deltas) so a lookup adds
// at most 63 deltas; blocks whose steps do not fit an int8 are kept whole.
class MufuTable {
 public:
  std::size_t size() const {
    ensure();
    return m_size;
  }
  bool empty() const { return size() == 0; }
  std::uint32_t at(std::size_t i) const;  // i < size()

  // Decode on first use the bytes `source` returns (a front end reads the
  // file only when a kernel runs an instruction that needs this table).
  // Thread-safe; a source that fails leaves the table empty.
  void setSource(std::function<std::string()> source, std::size_t expected);

  // The file format: one byte per entry, the int8 difference to the previous
  // entry (the first from 0), or 0x80 followed by the entry's word in 4
  // little-endian bytes. Returns false (and leaves the table empty) when the
  // bytes do not hold exactly `expected` entries.
  bool decode(std::string_view bytes, std::size_t expected);

 private:
  static constexpr std::size_t kBlock = 64;
  struct Lazy {
    std::once_flag once;
    std::function<std::string()> source;
    std::size_t expected = 0;
  };
  void ensure() const {
    if (m_lazy) std::call_once(m_lazy->once, [this] { decodeData(m_lazy->source(), m_lazy->expected); });
  }
  bool decodeData(std::string_view bytes, std::size_t expected) const;
  std::shared_ptr<Lazy> m_lazy;
  // The decoded table; mutable because a lazy table fills it on first use.
  mutable std::size_t m_size = 0;
  mutable std::vector<std::uint32_t> m_anchor;  // entry kBlock * b
  mutable std::vector<std::int8_t> m_delta;     // entry i - entry i-1, i % kBlock != 0
  mutable std::vector<std::int32_t> m_whole;    // per block: -1, or its offset in m_words
  mutable std::vector<std::uint32_t> m_words;
};

// The recorded tables, each indexed as the functions in mufu.hpp say.
struct MufuTables {
  MufuTable rcp;                                 // MUFU.RCP of [1, 2): 2^23 mantissas
  MufuTable rsqrt;                               // MUFU.RSQ of [1, 4): exponent parity, then mantissa
  MufuTable sqrt;                                // MUFU.SQRT of [1, 4)
  MufuTable ex2Pos;                              // MUFU.EX2 of +k 2^-23, k < 2^23
  MufuTable ex2Neg;                              // MUFU.EX2 of -k 2^-23
  MufuTable sin;                                 // MUFU.SIN of k 2^-25 turns, k < 2^23 (the first quarter)
  MufuTable lg2;                                 // MUFU.LG2 of [0.5, 2)
  MufuTable ex2F16, tanhF16, ex2BF16, tanhBF16;  // every 16-bit input

  // The files in assets/mufu, by name (without ".bin.gz"), and entry counts.
  struct Entry {
    const char* file;
    MufuTable MufuTables::*table;
    std::size_t entries;
  };
  static const std::vector<Entry>& layout();
};

}  // namespace ws::core
