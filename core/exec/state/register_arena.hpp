#pragma once
// The register files of a large launch in one block of memory. A warp's
// registers are about 20 KB (79 rows of 32 lanes in nvcc's reduction), so a
// launch of thousands of warps spreads them over tens of thousands of 4 KB
// pages, and a run-to-block run, which moves from warp to warp, misses the
// TLB on nearly every one. In one block, which Linux may back with 2 MB
// pages, the same registers take a hundred pages. (bench/RESULTS.md has the
// figures.)
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace ws::core {

class RegisterArena {
 public:
  // An arena of `bytes`, or null where a launch that small gains nothing
  // from one (or the memory is not there): its rows then come from the heap.
  static std::shared_ptr<RegisterArena> make(std::size_t bytes);
  ~RegisterArena();
  RegisterArena(const RegisterArena&) = delete;
  RegisterArena& operator=(const RegisterArena&) = delete;

  // `bytes` of the block, aligned to a cache line; null once it is used up.
  void* take(std::size_t bytes);
  bool owns(const void* p) const;

 private:
  RegisterArena(std::byte* base, std::size_t size) : m_base(base), m_size(size) {}
  std::byte* m_base;
  std::size_t m_size;
  std::size_t m_used = 0;
};

// Allocates from an arena while it has room, else from the heap. Memory
// taken from the arena goes back with the arena, when the last row that
// holds some is gone. A copy of rows (a history checkpoint, a copied engine)
// comes from the heap: the arena is the launch's own.
template <class T>
struct RegisterAllocator {
  using value_type = T;
  using propagate_on_container_copy_assignment = std::false_type;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;

  RegisterAllocator() = default;
  explicit RegisterAllocator(std::shared_ptr<RegisterArena> a) : arena(std::move(a)) {}
  template <class U>
  RegisterAllocator(const RegisterAllocator<U>& o) : arena(o.arena) {}  // NOLINT: rebinding is implicit

  T* allocate(std::size_t n) {
    if (arena)
      if (void* p = arena->take(n * sizeof(T))) return static_cast<T*>(p);
    return std::allocator<T>{}.allocate(n);
  }
  void deallocate(T* p, std::size_t n) {
    if (arena && arena->owns(p)) return;
    std::allocator<T>{}.deallocate(p, n);
  }
  RegisterAllocator select_on_container_copy_construction() const { return {}; }
  template <class U>
  bool operator==(const RegisterAllocator<U>& o) const {
    return arena == o.arena;
  }

  std::shared_ptr<RegisterArena> arena;
};

// A warp's register file: [reg * 32 + lane], raw bits, zero-extended.
using RegisterRows = std::vector<std::uint64_t, RegisterAllocator<std::uint64_t>>;

}  // namespace ws::core
