// Generic recorder for hardware-golden launches (NVIDIA GPU, driver API).
//
//   record MODULE.ptx PLAN.txt [TEST ...]    run the plan's tests (all, or the named
//                                            ones) and print the golden JSON document
//   record --list PLAN.txt                   print the plan's test names
//
// A plan is written by a generator script (tests/hwrec/plan.py) and holds, per test,
// the launch shape and the exact input words, so the recorder has no per-test code:
//
//   test NAME                 the test (and, unless `entry` says otherwise, its entry point;
//                             signature (const u32* in, u32* out[, u32 scalars...]))
//   entry NAME                optional: the entry point when it differs from the test name
//   grid X Y Z / block X Y Z / cluster X Y Z   (cluster 0 0 0 = no cluster launch)
//   smem BYTES                dynamic shared memory
//   runs N                    launches from the same in/out_init (>= 1)
//   scalars K v1 .. vK        optional extra 32-bit parameters after in and out
//   note TEXT...              optional, copied into the document
//   compare SPEC              optional: how a replay compares out, copied into the
//                             document: comma-separated items, "multiset:START:LEN"
//                             (those words as a multiset: atomics whose order the
//                             scheduler decides) or "ignore:START:LEN"; default exact
//   in N w0 .. wN-1           hex words
//   out N w0 .. wN-1          hex words (out_init)
//   end
//
// The module is loaded with cuModuleLoad, so the driver JIT-compiles exactly the
// PTX that is kept as test data. Output per test: {"name","grid","block","cluster",
// "smem","in","out_init","out"[,"note"][,"runs_differ","outs"]}; "out" is run 1 and
// "outs" holds every run when the runs disagreed.
//
// Build: nvcc -std=c++17 -O2 record.cu -o record -lcuda
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

typedef uint32_t u32;
typedef std::vector<u32> V;

#define CK(x)                                                                     \
  do {                                                                            \
    CUresult e_ = (x);                                                            \
    if (e_ != CUDA_SUCCESS) {                                                     \
      const char* s_ = nullptr;                                                   \
      cuGetErrorString(e_, &s_);                                                  \
      fprintf(stderr, "%s:%d %s -> %s\n", __FILE__, __LINE__, #x, s_ ? s_ : "?"); \
      exit(2);                                                                    \
    }                                                                             \
  } while (0)

struct Test {
  std::string name, entry, note, compare;
  u32 grid[3] = {1, 1, 1}, block[3] = {32, 1, 1}, cluster[3] = {0, 0, 0};
  u32 smem = 0, runs = 3;
  V scalars, in, out;
};

static bool readWords(std::istringstream& ls, V& v) {
  size_t n = 0;
  if (!(ls >> n)) return false;
  v.resize(n);
  for (size_t i = 0; i < n; ++i) {
    std::string w;
    if (!(ls >> w)) return false;
    v[i] = (u32)strtoul(w.c_str(), nullptr, 16);
  }
  return true;
}

static std::vector<Test> readPlan(const char* path) {
  std::ifstream f(path);
  if (!f) { fprintf(stderr, "cannot open plan %s\n", path); exit(1); }
  std::vector<Test> tests;
  Test cur;
  bool open = false;
  std::string line;
  int lineNo = 0;
  while (std::getline(f, line)) {
    ++lineNo;
    std::istringstream ls(line);
    std::string key;
    if (!(ls >> key) || key[0] == '#') continue;
    bool ok = true;
    if (key == "test") { cur = Test(); ok = bool(ls >> cur.name); open = true; }
    else if (key == "entry") ok = bool(ls >> cur.entry);
    else if (key == "grid") ok = bool(ls >> cur.grid[0] >> cur.grid[1] >> cur.grid[2]);
    else if (key == "block") ok = bool(ls >> cur.block[0] >> cur.block[1] >> cur.block[2]);
    else if (key == "cluster") ok = bool(ls >> cur.cluster[0] >> cur.cluster[1] >> cur.cluster[2]);
    else if (key == "smem") ok = bool(ls >> cur.smem);
    else if (key == "runs") ok = bool(ls >> cur.runs) && cur.runs >= 1;
    else if (key == "note") { std::getline(ls, cur.note); size_t b = cur.note.find_first_not_of(' '); cur.note = b == std::string::npos ? "" : cur.note.substr(b); }
    else if (key == "compare") ok = bool(ls >> cur.compare);
    else if (key == "scalars") ok = readWords(ls, cur.scalars);
    else if (key == "in") ok = readWords(ls, cur.in);
    else if (key == "out") ok = readWords(ls, cur.out);
    else if (key == "end") { ok = open; tests.push_back(cur); open = false; }
    else ok = false;
    if (!ok) { fprintf(stderr, "%s:%d: bad plan line\n", path, lineNo); exit(1); }
  }
  return tests;
}

static std::string dump(const V& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) { char b[16]; snprintf(b, 16, "%s%u", i ? "," : "", v[i]); s += b; }
  return s + "]";
}

static std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) { if (c == '"' || c == '\\') o += '\\'; o += c; }
  return o;
}

static std::string dims(const u32* d) {
  if (d[1] == 1 && d[2] == 1) return std::to_string(d[0]);
  if (d[0] == 0 && d[1] == 0 && d[2] == 0) return "0";
  return "[" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + "]";
}

static V launch(CUmodule mod, const Test& t) {
  CUfunction f;
  CK(cuModuleGetFunction(&f, mod, (t.entry.empty() ? t.name : t.entry).c_str()));
  if (t.smem > 48 * 1024)
    CK(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)t.smem));
  CUdeviceptr din, dout;
  CK(cuMemAlloc(&din, (t.in.size() ? t.in.size() : 1) * 4));
  CK(cuMemAlloc(&dout, (t.out.size() ? t.out.size() : 1) * 4));
  if (t.in.size()) CK(cuMemcpyHtoD(din, t.in.data(), t.in.size() * 4));
  if (t.out.size()) CK(cuMemcpyHtoD(dout, t.out.data(), t.out.size() * 4));
  std::vector<void*> args = {&din, &dout};
  V sc = t.scalars;
  for (size_t i = 0; i < sc.size(); ++i) args.push_back(&sc[i]);
  CUlaunchConfig cfg = {};
  cfg.gridDimX = t.grid[0]; cfg.gridDimY = t.grid[1]; cfg.gridDimZ = t.grid[2];
  cfg.blockDimX = t.block[0]; cfg.blockDimY = t.block[1]; cfg.blockDimZ = t.block[2];
  cfg.sharedMemBytes = t.smem;
  CUlaunchAttribute attr = {};
  if (t.cluster[0] > 0) {
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = t.cluster[0];
    attr.value.clusterDim.y = t.cluster[1] ? t.cluster[1] : 1;
    attr.value.clusterDim.z = t.cluster[2] ? t.cluster[2] : 1;
    cfg.attrs = &attr; cfg.numAttrs = 1;
  }
  CK(cuLaunchKernelEx(&cfg, f, args.data(), nullptr));
  CK(cuCtxSynchronize());
  V out(t.out.size());
  if (out.size()) CK(cuMemcpyDtoH(out.data(), dout, out.size() * 4));
  CK(cuMemFree(din)); CK(cuMemFree(dout));
  return out;
}

int main(int argc, char** argv) {
  if (argc < 3) { fprintf(stderr, "usage: %s MODULE.ptx PLAN.txt [TEST...] | --list PLAN.txt\n", argv[0]); return 1; }
  if (std::string(argv[1]) == "--list") {
    for (auto& t : readPlan(argv[2])) printf("%s\n", t.name.c_str());
    return 0;
  }
  std::vector<Test> all = readPlan(argv[2]), tests;
  for (auto& t : all) {
    bool want = argc <= 3;
    for (int i = 3; i < argc; ++i) want |= t.name == argv[i];
    if (want) tests.push_back(t);
  }
  CK(cuInit(0));
  CUdevice dev; CK(cuDeviceGet(&dev, 0));
  CUcontext ctx; CK(cuDevicePrimaryCtxRetain(&ctx, dev)); CK(cuCtxSetCurrent(ctx));
  char name[256]; int major = 0, minor = 0;
  CK(cuDeviceGetName(name, sizeof name, dev));
  CK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  CUmodule mod; CK(cuModuleLoad(&mod, argv[1]));
  printf("{\"device\": \"%s\", \"sm\": \"%d%d\", \"tests\": [\n", name, major, minor);
  for (size_t ti = 0; ti < tests.size(); ++ti) {
    const Test& t = tests[ti];
    std::vector<V> outs;
    for (u32 r = 0; r < t.runs; ++r) outs.push_back(launch(mod, t));
    bool differ = false;
    for (auto& o : outs) differ |= o != outs[0];
    std::string doc = "{\"name\": \"" + esc(t.name) + "\", ";
    if (!t.entry.empty()) doc += "\"entry\": \"" + esc(t.entry) + "\", ";
    doc += "\"grid\": " + dims(t.grid) + ", \"block\": " + dims(t.block) +
                      ", \"cluster\": " + dims(t.cluster) + ", \"smem\": " + std::to_string(t.smem) +
                      ", \"runs\": " + std::to_string(t.runs);
    if (!t.scalars.empty()) doc += ", \"scalars\": " + dump(t.scalars);
    if (!t.note.empty()) doc += ", \"note\": \"" + esc(t.note) + "\"";
    if (!t.compare.empty()) doc += ", \"compare\": \"" + esc(t.compare) + "\"";
    doc += ",\n \"in\": " + dump(t.in) + ",\n \"out_init\": " + dump(t.out) + ",\n \"out\": " + dump(outs[0]);
    if (differ) {
      doc += ",\n \"runs_differ\": true, \"outs\": [";
      for (size_t r = 0; r < outs.size(); ++r) doc += (r ? "," : "") + dump(outs[r]);
      doc += "]";
    }
    doc += ti + 1 < tests.size() ? "},\n" : "}\n";
    fputs(doc.c_str(), stdout);
    fflush(stdout);
    fprintf(stderr, "%s: ok%s\n", t.name.c_str(), differ ? " (runs differed)" : "");
  }
  printf("]}\n");
  return 0;
}
