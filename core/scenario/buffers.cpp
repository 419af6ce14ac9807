#include "core/scenario/buffers.hpp"

#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "core/input/json_text.hpp"
#include "core/scenario/random.hpp"
#include "core/scenario/values.hpp"

namespace ws::core {
namespace {

bool endsWithJson(const std::string& path) {
  if (path.size() < 5) return false;
  std::string ext = path.substr(path.size() - 5);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".json";
}

std::vector<std::uint8_t> toBytes(const std::vector<std::uint32_t>& w) {
  std::vector<std::uint8_t> b(w.size() * 4);
  // Little-endian, as the GPU stores words.
  for (std::size_t i = 0; i < w.size(); ++i)
    for (int k = 0; k < 4; ++k) b[i * 4 + static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(w[i] >> (8 * k));
  return b;
}

}  // namespace

std::optional<std::vector<std::uint32_t>> parseWordsJson(std::string_view text, const std::string& fileName,
                                                         WordType type, std::vector<LoadError>& errors) {
  auto parsed = detail::parseJsonText(text, fileName, errors);
  if (!parsed) return std::nullopt;
  nlohmann::json& j = *parsed;
  if (j.is_object() && j.contains("words")) j = j["words"];
  if (!j.is_array()) {
    errors.push_back({fileName, 1, 1, "expected a JSON array of words, or an object {\"words\": [...]}"});
    return std::nullopt;
  }
  std::vector<std::uint32_t> words;
  words.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    const auto& v = j[i];
    Number n;
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      n = Number::ofInt(u > 0xffffffffull ? static_cast<std::int64_t>(0x1'0000'0000ll) : static_cast<std::int64_t>(u));
    } else if (v.is_number_integer()) {
      n = Number::ofInt(v.get<std::int64_t>());
    } else if (v.is_number_float()) {
      n = Number::ofFloat(v.get<double>());
    } else {
      errors.push_back({fileName, 1, 1, fmt::format("element {} is {}, not a number", i, v.type_name())});
      return std::nullopt;
    }
    std::string err;
    auto w = wordBits(n, type, err);
    if (!w) {
      errors.push_back({fileName, 1, 1, fmt::format("element {}: {}", i, err)});
      return std::nullopt;
    }
    words.push_back(*w);
  }
  return words;
}

std::optional<std::vector<std::uint8_t>> bufferBytes(const BufferParam& b, const Scenario& s, const std::string& path,
                                                     const FileReader& read, std::vector<LoadError>& errors) {
  const BufferInit& in = b.init;
  auto fail = [&](const std::string& key, std::string msg) {
    const FilePos p = s.source.at(path + key);
    errors.push_back({s.source.file, p.line, p.col, std::move(msg)});
    return std::nullopt;
  };
  std::vector<std::uint32_t> w;
  std::string err;
  switch (in.kind) {
    case BufferInit::Kind::Words:
      w.reserve(in.words.size());
      for (std::size_t i = 0; i < in.words.size(); ++i) {
        auto v = wordBits(in.words[i], b.type, err);
        if (!v) return fail(fmt::format(".words[{}]", i), fmt::format("word {}: {}", i, err));
        w.push_back(*v);
      }
      return toBytes(w);
    case BufferInit::Kind::Iota: {
      if (b.type != WordType::F32 && (in.start.isFloat || in.step.isFloat))
        return fail(".iota", fmt::format("iota start and step must be integers in a {} buffer (or declare "
                                         "type = \"f32\")", wordTypeName(b.type)));
      w.resize(in.count);
      for (std::uint32_t k = 0; k < in.count; ++k) {
        if (b.type == WordType::F32) {
          const double v = (in.start.isFloat ? in.start.f : static_cast<double>(in.start.i)) +
                           static_cast<double>(k) * (in.step.isFloat ? in.step.f : static_cast<double>(in.step.i));
          w[k] = std::bit_cast<std::uint32_t>(static_cast<float>(v));
        } else {
          // Integer iota wraps modulo 2^32.
          w[k] = static_cast<std::uint32_t>(static_cast<std::uint64_t>(in.start.i) +
                                            static_cast<std::uint64_t>(k) * static_cast<std::uint64_t>(in.step.i));
        }
      }
      return toBytes(w);
    }
    case BufferInit::Kind::Fill: {
      auto v = wordBits(in.value, b.type, err);
      if (!v) return fail(".fill.value", err);
      w.assign(in.count, *v);
      return toBytes(w);
    }
    case BufferInit::Kind::Random: {
      XorShift32 rng(in.seed);
      w.resize(in.count);
      if (b.type == WordType::F32) {
        const double lo = in.min ? (in.min->isFloat ? in.min->f : static_cast<double>(in.min->i)) : 0.0;
        const double hi = in.max ? (in.max->isFloat ? in.max->f : static_cast<double>(in.max->i)) : 1.0;
        if (!(lo <= hi)) return fail(".random", fmt::format("random min {} is above max {}", lo, hi));
        for (auto& x : w)
          x = std::bit_cast<std::uint32_t>(static_cast<float>(lo + (rng.next() / 4294967296.0) * (hi - lo)));
        return toBytes(w);
      }
      const std::int64_t defLo = b.type == WordType::S32 ? -2147483648ll : 0;
      const std::int64_t defHi = b.type == WordType::S32 ? 2147483647ll : 4294967295ll;
      if ((in.min && in.min->isFloat) || (in.max && in.max->isFloat))
        return fail(".random", fmt::format("random min and max must be integers in a {} buffer",
                                           wordTypeName(b.type)));
      const std::int64_t lo = in.min ? in.min->i : defLo, hi = in.max ? in.max->i : defHi;
      if (lo > hi) return fail(".random", fmt::format("random min {} is above max {}", lo, hi));
      if (lo < -2147483648ll || hi > 4294967295ll)
        return fail(".random", fmt::format("random range {} to {} does not fit in 32-bit words", lo, hi));
      const std::uint64_t range = static_cast<std::uint64_t>(hi - lo) + 1;
      for (auto& x : w) {
        const std::uint64_t r = rng.next();
        x = static_cast<std::uint32_t>(static_cast<std::uint64_t>(lo) + (range >= (1ull << 32) ? r : r % range));
      }
      return toBytes(w);
    }
    case BufferInit::Kind::File: {
      std::string readErr;
      auto text = read(in.file, readErr);
      if (!text) return fail(".file", fmt::format("cannot read buffer file: {}", readErr));
      if (endsWithJson(in.file)) {
        std::string shown = s.source.dir.empty() ? in.file : s.source.dir + "/" + in.file;
        auto words = parseWordsJson(*text, shown, b.type, errors);
        if (!words) return std::nullopt;
        return toBytes(*words);
      }
      return std::vector<std::uint8_t>(text->begin(), text->end());
    }
    case BufferInit::Kind::Same: break;  // no bytes of its own: an earlier buffer's allocation
  }
  return std::nullopt;
}

}  // namespace ws::core
