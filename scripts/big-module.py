#!/usr/bin/env python3
"""Writes large PTX modules for measuring what parsing costs in memory
(tests/RELIABILITY.md, Limits): each SHAPE grows one parsed structure.

  scripts/big-module.py SHAPE N OUT.ptx

SHAPE:
  instrs   one .entry of N instructions: N-1 `add.s32 %r1, %r1, 1;` and `ret;`
  vinstrs  one .entry with N four-element vector loads (the largest operands)
  labels   one .entry with N labels and one instruction
  locs     one .entry with N `.loc` lines (one declared file) and one instruction
  lines    N empty lines after a one-instruction .entry
  funcs    N empty .func bodies and one .entry
  globals  N module-scope .global variables with a 1-word initializer
  regs     one .entry declaring N single registers
  brx      N `brx.idx` through one '.branchtargets' table of 65,536 labels
  u64init  one .global .u64 array with N zero initializers
  addrinit one .global .u64 array with N address initializers
  worst    every shape above at once, each at its default ParseLimits limit
           (N is ignored): the most one file under the 256 MiB cap can make
"""
import sys

HEAD = ".version 8.7\n.target sm_90a\n.address_size 64\n"


def write(out, shape, n):
    w = out.write
    w(HEAD)
    if shape == "funcs":
        for i in range(n):
            w(f".func f{i}()\n{{\nret;\n}}\n")
    if shape == "globals":
        for i in range(n):
            w(f".global .u32 g{i} = 1;\n")
    if shape == "locs":
        w('.file 1 "k.cu"\n')
    if shape == "u64init":
        w(f".global .u64 t[{n}] = {{" + "0," * (n - 1) + "0};\n")
    if shape == "addrinit":
        w(".global .u64 a;\n")
        w(f".global .u64 t[{n}] = {{" + "a," * (n - 1) + "a};\n")
    w(".visible .entry k(.param .u64 k_out)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n")
    if shape == "instrs":
        w("add.s32 %r1, %r1, 1;\n" * (n - 1))
    elif shape == "vinstrs":
        w("ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1+16];\n" * n)
    elif shape == "labels":
        for i in range(n):
            w(f"L{i}:\n")
    elif shape == "locs":
        w(".loc 1 1 1\n" * n)
    elif shape == "brx":
        w("L0: " + "".join(f"L{i}: " for i in range(1, 65536)) + "\n")
        w("T: .branchtargets " + ", ".join(f"L{i}" for i in range(65536)) + ";\n")
        w("brx.idx %r1, T;\n" * n)
    elif shape == "regs":
        for i in range(n):
            w(f".reg .b32 r{i};\n")
    w("ret;\n}\n")
    if shape == "lines":
        w("\n" * n)


def write_worst(out):
    """Every limit reached at once, with the cheapest text per byte parsed."""
    w = out.write
    w(HEAD)
    for i in range(65536):  # .file directives
        w(f'.file {i} "f{i}.cu"\n')
    for i in range(999_999):  # functions: empty bodies (no instructions)
        w(f".func f{i}()\n{{\n}}\n")
    w(".global .u64 a;\n")
    for i in range(2_000_000 - 4):  # variables (with a, t, z and the parameter)
        w(f".global .u32 g{i};\n")
    w(f".global .u64 t[{1_000_000}] = {{" + "a," * 999_999 + "a};\n")  # addresses
    zeros = (64 << 20) // 8 - 1_000_000 - 1  # the rest of the 64 MiB of data (a is 8 bytes)
    w(f".global .u64 z[{zeros}] = {{" + "0," * (zeros - 1) + "0};\n")
    w(".visible .entry k(.param .u64 k_out)\n{\n.reg .b32 %r<1048000>;\n")
    w("ret;\n")
    w("L0: " + "".join(f"L{i}: " for i in range(1, 65536)) + "\n")
    w("T: .branchtargets " + ", ".join(f"L{i}" for i in range(65536)) + ";\n")
    brx = 16_000_000 // (2 + 65536)  # operands: 2 + 65,536 per brx.idx
    w("brx.idx %r1, T;\n" * brx)
    for i in range(65536, 2_000_000 - 65536):  # the rest of the labels
        w(f"L{i}:\n")
    w('.loc 1 1 1\n' * 4_000_000)
    w("ret;\n" * (2_000_000 - brx - 1))  # the rest of the instructions
    w("}\n")
    lines = 3 + 65536 + 3 * 999_999 + 2_000_000 + 2 + 3 + 1 + 2 + brx + (2_000_000 - 131072) + 4_000_000 + (2_000_000 - brx - 1) + 1
    w("\n" * (16_777_216 - lines))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    shape, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path, "w") as out:
        if shape == "worst":
            write_worst(out)
        else:
            write(out, shape, n)


if __name__ == "__main__":
    main()
