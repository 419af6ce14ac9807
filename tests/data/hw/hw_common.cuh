// Shared helpers for the hardware-golden kernels in this folder.
// Every entry point is: extern "C" __global__ void NAME(const u32* in, u32* out)
#pragma once
#include <cstdint>
typedef unsigned int u32;
typedef unsigned long long u64;
typedef unsigned short u16;

static __device__ __forceinline__ u32 lane_id() { u32 l; asm volatile("mov.u32 %0, %%laneid;" : "=r"(l)); return l; }
static __device__ __forceinline__ u32 smem(const void* p) { return (u32)__cvta_generic_to_shared(p); }
static __device__ __forceinline__ u32 lo32(u64 v) { return (u32)v; }
static __device__ __forceinline__ u32 hi32(u64 v) { return (u32)(v >> 32); }
static __device__ __forceinline__ u64 mk64(u32 lo, u32 hi) { return ((u64)hi << 32) | lo; }
