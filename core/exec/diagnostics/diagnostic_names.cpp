#include "core/exec/diagnostics/diagnostic_names.hpp"

#include <array>

namespace ws::core {
namespace {

constexpr std::size_t kKinds = 0
#define WS_DIAG(E, SEV, TITLE, SRC, SECTION, SECTION_TITLE, QUOTE, EXPLANATION) +1
#include "core/exec/diagnostics/diagnostic_kind.def"
#undef WS_DIAG
    ;

constexpr std::size_t kMaxSlug = 48;

// "ShflSourceInactive" -> "shfl-source-inactive", at compile time, so the
// names cannot drift from the enumerators and need no hand-kept table.
struct Slug {
  std::array<char, kMaxSlug> text{};
  std::size_t size = 0;
  constexpr std::string_view view() const { return {text.data(), size}; }
};

constexpr Slug kebab(std::string_view camel) {
  Slug s;
  for (std::size_t i = 0; i < camel.size() && s.size + 2 < kMaxSlug; ++i) {
    const char c = camel[i];
    const bool upper = c >= 'A' && c <= 'Z';
    if (upper && i > 0) s.text[s.size++] = '-';
    s.text[s.size++] = upper ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return s;
}

constexpr std::array<Slug, kKinds> kSlugs = {
#define WS_DIAG(E, SEV, TITLE, SRC, SECTION, SECTION_TITLE, QUOTE, EXPLANATION) kebab(#E),
#include "core/exec/diagnostics/diagnostic_kind.def"
#undef WS_DIAG
};

// Names of kinds that were renamed, so files written before still load.
struct Alias {
  std::string_view slug;
  DiagKind kind;
};
constexpr Alias kAliases[] = {
    {"uninitialised-read", DiagKind::UninitializedRead},  // British spelling, as teachers may type it
};

}  // namespace

std::string_view diagSlug(DiagKind k) {
  const auto i = static_cast<std::size_t>(k);
  return i < kKinds ? kSlugs[i].view() : std::string_view("unknown");
}

std::optional<DiagKind> diagFromSlug(std::string_view slug) {
  for (std::size_t i = 0; i < kKinds; ++i)
    if (kSlugs[i].view() == slug) return static_cast<DiagKind>(i);
  for (const Alias& a : kAliases)
    if (a.slug == slug) return a.kind;
  return std::nullopt;
}

std::size_t diagKindCount() { return kKinds; }

}  // namespace ws::core
