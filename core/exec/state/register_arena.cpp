#include "core/exec/state/register_arena.hpp"

#include <cstdint>
#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace ws::core {
namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kCacheLine = 64;
// Below this the registers fit a few thousand 4 KB pages, which the TLB
// covers, and a small launch (a classroom snippet) keeps to the heap.
constexpr std::size_t kMinArenaBytes = std::size_t{16} << 20;

}  // namespace

std::shared_ptr<RegisterArena> RegisterArena::make(std::size_t bytes) {
  if (bytes < kMinArenaBytes) return nullptr;
  const std::size_t size = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* base = std::aligned_alloc(kHugePage, size);
  if (base == nullptr) return nullptr;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // A hint: where transparent huge pages are off, the block has 4 KB pages.
  madvise(base, size, MADV_HUGEPAGE);
#endif
  return std::shared_ptr<RegisterArena>(new RegisterArena(static_cast<std::byte*>(base), size));
}

RegisterArena::~RegisterArena() { std::free(m_base); }

void* RegisterArena::take(std::size_t bytes) {
  const std::size_t rounded = (bytes + kCacheLine - 1) / kCacheLine * kCacheLine;
  if (rounded > m_size - m_used) return nullptr;
  void* p = m_base + m_used;
  m_used += rounded;
  return p;
}

bool RegisterArena::owns(const void* p) const {
  // (As integers: pointers into different blocks have no order in C++.)
  const auto a = reinterpret_cast<std::uintptr_t>(p), base = reinterpret_cast<std::uintptr_t>(m_base);
  return a >= base && a - base < m_size;
}

}  // namespace ws::core
