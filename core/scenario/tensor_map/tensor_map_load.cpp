// Reading a tensor map's keys from a [[param]] and checking the driver's
// rules at load time (core/exec/state/tensor_map.cpp holds the rules).
#include "core/scenario/tensor_map/tensor_map_load.hpp"

#include <fmt/format.h>

#include <vector>

namespace ws::core::detail {
namespace {

std::string elem(const std::string& base, std::size_t i) { return fmt::format("{}[{}]", base, i); }

// An integer list at `key`, each element in [min, max], remembered by
// position; nullopt when absent or wrong (reported).
std::optional<std::vector<std::int64_t>> intList(TomlReader& r, const toml::table& p, std::string_view key,
                                                 const std::string& path, std::int64_t min, std::int64_t max) {
  const toml::array* a = r.array(p, key, path);
  if (!a) return std::nullopt;
  const std::string base = path + "." + std::string(key);
  std::vector<std::int64_t> out;
  for (std::size_t i = 0; i < a->size(); ++i) {
    r.remember(elem(base, i), *a->get(i));
    auto v = r.integerOf(*a->get(i), fmt::format("{}[{}]", key, i), min, max);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

// A list that must have `want` elements (one per dim, or one fewer).
bool lengthIs(TomlReader& r, const toml::table& p, std::string_view key, std::size_t have, std::size_t want,
              std::string_view why) {
  if (have == want) return true;
  r.error(*p.get(key), fmt::format("{} has {} element{}; the map's {} dims need {} ({})", key, have,
                                   have == 1 ? "" : "s", want + (key == "strides" ? 1 : 0), want, why));
  return false;
}

}  // namespace

bool readTensorMapFields(TomlReader& r, const toml::table& p, const std::string& path, TensorMap& m) {
  const std::size_t before = r.errorCount();
  if (auto v = r.str(p, "dtype", path)) {
    if (auto t = parseTensorDataType(*v)) m.dtype = *t;
    else r.error(*p.get("dtype"), fmt::format("dtype '{}' is not one of u8 u16 u32 s32 u64 s64 f16 f32 f64 bf16 "
                                              "f32_ftz tf32 tf32_ftz (or the driver's uint8 ... tfloat32_ftz)", *v));
  } else if (!p.get("dtype")) {
    r.error(p, "a tensor map needs a dtype (f16, f32, u8, ...)");
  }
  if (auto v = r.str(p, "mode", path)) {
    if (*v == "im2col") m.layout = TensorLayout::Im2col;
    else if (*v != "tiled") r.error(*p.get("mode"), fmt::format("mode '{}' is not tiled or im2col", *v));
  }
  if (auto v = r.str(p, "interleave", path)) {
    if (auto i = parseTensorInterleave(*v)) m.interleave = *i;
    else r.error(*p.get("interleave"), fmt::format("interleave '{}' is not one of none, 16B, 32B", *v));
  }
  if (auto v = r.str(p, "swizzle", path)) {
    if (auto s = parseSwizzle(*v)) m.swizzle = *s;
    else r.error(*p.get("swizzle"), fmt::format("swizzle '{}' is not one of none, 32B, 64B, 128B", *v));
  }
  if (auto v = r.str(p, "l2_promotion", path)) {
    if (auto l = parseTensorL2Promotion(*v)) m.l2Promotion = *l;
    else r.error(*p.get("l2_promotion"), fmt::format("l2_promotion '{}' is not one of none, 64B, 128B, 256B", *v));
  }
  if (auto v = r.str(p, "oob_fill", path)) {
    if (auto f = parseTensorOobFill(*v)) m.oobFill = *f;
    else r.error(*p.get("oob_fill"), fmt::format("oob_fill '{}' is not zero or nan", *v));
  }
  const bool im2col = m.layout == TensorLayout::Im2col;
  const std::vector<std::string_view> foreign =
      im2col ? std::vector<std::string_view>{"box"}
             : std::vector<std::string_view>{"pixel_box_lower", "pixel_box_upper", "channels_per_pixel",
                                             "pixels_per_column"};
  for (std::string_view k : foreign)
    if (const toml::node* n = p.get(k))
      r.error(*n, im2col ? "an im2col map has no box: it loads channels_per_pixel x pixels_per_column elements"
                         : fmt::format("{} belongs to an im2col map (mode = \"im2col\")", k));

  const auto dims = intList(r, p, "dims", path, 0, INT64_MAX);
  if (!dims) {
    if (!p.get("dims")) r.error(p, "a tensor map needs dims (elements per dim, innermost first)");
    return false;
  }
  // "tensorRank must be non-zero and less than or equal to the maximum
  // supported dimensionality of 5."
  if (dims->empty() || dims->size() > kTensorMaxRank) {
    r.error(*p.get("dims"), fmt::format("dims has {} elements: the tensor rank must be 1 to 5 (the driver's "
                                        "tensorRank rule)", dims->size()));
    return false;
  }
  const std::size_t rank = dims->size();
  m.rank = static_cast<std::uint8_t>(rank);
  for (std::size_t i = 0; i < rank; ++i) m.dims[i] = static_cast<std::uint64_t>((*dims)[i]);
  if (rank > 1 || p.get("strides")) {
    auto s = intList(r, p, "strides", path, 0, INT64_MAX);
    if (!s && !p.get("strides")) r.error(p, fmt::format("a rank-{} tensor map needs strides ({} byte strides)", rank, rank - 1));
    if (!s || !lengthIs(r, p, "strides", s->size(), rank - 1, "byte strides of dims 1 and up")) return false;
    for (std::size_t i = 0; i + 1 < rank; ++i) m.strides[i] = static_cast<std::uint64_t>((*s)[i]);
  }
  if (!im2col) {
    auto b = intList(r, p, "box", path, 0, UINT32_MAX);
    if (!b && !p.get("box")) r.error(p, "a tiled tensor map needs box (elements per dim one copy moves)");
    if (!b || !lengthIs(r, p, "box", b->size(), rank, "one per dim")) return false;
    for (std::size_t i = 0; i < rank; ++i) m.box[i] = static_cast<std::uint32_t>((*b)[i]);
  } else {
    for (const auto& [key, corner] : {std::pair{"pixel_box_lower", &m.pixelBoxLower}, std::pair{"pixel_box_upper", &m.pixelBoxUpper}}) {
      auto c = intList(r, p, key, path, INT32_MIN, INT32_MAX);
      if (!c && !p.get(key)) r.error(p, fmt::format("an im2col map needs {} (one offset per spatial dim)", key));
      if (!c || rank < 3 || !lengthIs(r, p, key, c->size(), rank - 2, "one per spatial dim")) {
        if (rank < 3) break;
        return false;
      }
      for (std::size_t i = 0; i + 2 < rank; ++i) (*corner)[i] = static_cast<std::int32_t>((*c)[i]);
    }
    for (const auto& [key, field] : {std::pair{"channels_per_pixel", &m.channelsPerPixel},
                                     std::pair{"pixels_per_column", &m.pixelsPerColumn}}) {
      if (auto v = r.integer(p, key, path, 0, UINT32_MAX)) *field = static_cast<std::uint32_t>(*v);
      else if (!p.get(key)) r.error(p, fmt::format("an im2col map needs {}", key));
    }
  }
  if (p.get("element_strides")) {
    auto e = intList(r, p, "element_strides", path, 0, UINT32_MAX);
    if (!e || !lengthIs(r, p, "element_strides", e->size(), rank, "one per dim")) return false;
    for (std::size_t i = 0; i < rank; ++i) m.elementStrides[i] = static_cast<std::uint32_t>((*e)[i]);
  }
  if (r.errorCount() != before) return false;
  // Every rule of the driver, at the key (or element) it concerns. The
  // global address is the buffer's, aligned by construction; it is checked
  // again when a copy reads the map (tensormap.replace may move it).
  m.globalAddress = 0;
  if (auto problem = checkTensorMap(m)) {
    const toml::node* n = p.get(problem->field);
    if (n && problem->index >= 0 && n->as_array() &&
        static_cast<std::size_t>(problem->index) < n->as_array()->size())
      n = n->as_array()->get(static_cast<std::size_t>(problem->index));
    if (!n) {
      // A rule about a key left at its default (swizzle none, element
      // strides 1): report it at the key that made it apply.
      n = p.get(problem->field == "oob_fill" ? "dtype" : "dims");
    }
    if (n) r.error(*n, problem->message);
    else r.error(p, problem->message);
    return false;
  }
  return true;
}

}  // namespace ws::core::detail
