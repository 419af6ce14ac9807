#include "core/exec/alu/mufu_tables.hpp"

namespace ws::core {

std::uint32_t MufuTable::at(std::size_t i) const {
  ensure();
  const std::size_t b = i / kBlock;
  if (m_whole[b] >= 0) return m_words[static_cast<std::size_t>(m_whole[b]) + i % kBlock];
  std::uint32_t v = m_anchor[b];
  for (std::size_t j = b * kBlock + 1; j <= i; ++j)
    v += static_cast<std::uint32_t>(static_cast<std::int32_t>(m_delta[j]));
  return v;
}

void MufuTable::setSource(std::function<std::string()> source, std::size_t expected) {
  m_lazy = std::make_shared<Lazy>();
  m_lazy->source = std::move(source);
  m_lazy->expected = expected;
}

bool MufuTable::decode(std::string_view bytes, std::size_t expected) {
  m_lazy.reset();
  return decodeData(bytes, expected);
}

bool MufuTable::decodeData(std::string_view bytes, std::size_t expected) const {
  m_size = 0;
  m_anchor.clear();
  m_delta.clear();
  m_whole.clear();
  m_words.clear();
  std::vector<std::uint32_t> all;
  all.reserve(expected);
  std::uint32_t prev = 0;
  for (std::size_t p = 0; p < bytes.size();) {
    const auto c = static_cast<std::uint8_t>(bytes[p++]);
    if (c == 0x80) {
      if (p + 4 > bytes.size()) return false;
      std::uint32_t w = 0;
      for (int k = 0; k < 4; ++k) w |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[p + k])) << (8 * k);
      p += 4;
      prev = w;
    } else {
      prev += static_cast<std::uint32_t>(static_cast<std::int32_t>(static_cast<std::int8_t>(c)));
    }
    all.push_back(prev);
  }
  if (all.size() != expected || expected % kBlock != 0) return false;
  const std::size_t blocks = expected / kBlock;
  m_anchor.resize(blocks);
  m_whole.assign(blocks, -1);
  m_delta.assign(expected, 0);
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t first = b * kBlock;
    m_anchor[b] = all[first];
    bool fits = true;
    for (std::size_t j = first + 1; j < first + kBlock && fits; ++j) {
      const auto d = static_cast<std::int64_t>(static_cast<std::int32_t>(all[j] - all[j - 1]));
      fits = d >= -128 && d <= 127;
    }
    if (!fits) {
      m_whole[b] = static_cast<std::int32_t>(m_words.size());
      m_words.insert(m_words.end(), all.begin() + static_cast<std::ptrdiff_t>(first),
                     all.begin() + static_cast<std::ptrdiff_t>(first + kBlock));
      continue;
    }
    for (std::size_t j = first + 1; j < first + kBlock; ++j)
      m_delta[j] = static_cast<std::int8_t>(static_cast<std::int32_t>(all[j] - all[j - 1]));
  }
  m_size = expected;
  return true;
}

const std::vector<MufuTables::Entry>& MufuTables::layout() {
  static const std::vector<Entry> kLayout = {
      {"rcp", &MufuTables::rcp, std::size_t{1} << 23},
      {"rsqrt", &MufuTables::rsqrt, std::size_t{1} << 24},
      {"sqrt", &MufuTables::sqrt, std::size_t{1} << 24},
      {"ex2_pos", &MufuTables::ex2Pos, std::size_t{1} << 23},
      {"ex2_neg", &MufuTables::ex2Neg, std::size_t{1} << 23},
      {"sin", &MufuTables::sin, std::size_t{1} << 23},
      {"lg2", &MufuTables::lg2, std::size_t{1} << 24},
      {"ex2_f16", &MufuTables::ex2F16, 65536},
      {"tanh_f16", &MufuTables::tanhF16, 65536},
      {"ex2_bf16", &MufuTables::ex2BF16, 65536},
      {"tanh_bf16", &MufuTables::tanhBF16, 65536},
  };
  return kLayout;
}

}  // namespace ws::core
