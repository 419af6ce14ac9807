#!/usr/bin/env python3
"""Static checks of the real-world corpus before it goes to the GPU (no GPU needed).

    python3 check_plans.py [RECORD]     # RECORD: the recorder binary, for `--list`

For every MODULE.cu / MODULE.ptx / MODULE.plan:
  * the plan parses (our parser, and `RECORD --list PLAN` when RECORD is given);
  * every test names an `.entry` of the PTX, every extern "C" entry of the .cu has a test;
  * launch shapes are legal: <= 1024 threads, z <= 64, cluster <= 8 CTAs and dividing the
    grid in every dimension;
  * entries that use cluster instructions (mapa, barrier.cluster, %cluster_*, shared::cluster
    peers) are launched as clusters, and cluster launches only for such entries;
  * entries that reference the module's `.extern .shared` array get smem > 0, and
    static + dynamic shared memory fits (ptxas -v numbers, 227 KB per CTA);
  * compare specs are well formed and inside out; out_init has the declared size.
Exits non-zero on the first module with a problem (all problems are printed).
"""
import os
import re
import subprocess
import sys

# Batch 2 (tests/data/realworld2) runs this script on its own folder.
HERE = os.environ.get("WS_CORPUS_DIR") or os.path.dirname(os.path.abspath(__file__))
PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")


def read_plan(path):
    tests, cur = [], None
    for ln, line in enumerate(open(path), 1):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        k = f[0]
        if k == "test":
            cur = {"name": f[1], "compare": None, "smem": 0}
        elif k in ("grid", "block", "cluster"):
            cur[k] = tuple(int(x) for x in f[1:4])
        elif k in ("smem", "runs"):
            cur[k] = int(f[1])
        elif k in ("in", "out", "scalars"):
            n = int(f[1])
            assert len(f) == 2 + n, "%s:%d: %s has %d words, says %d" % (path, ln, k, len(f) - 2, n)
            cur[k] = n
        elif k == "compare":
            cur["compare"] = f[1]
        elif k == "note":
            cur["note"] = line[5:].strip()
        elif k == "end":
            tests.append(cur)
            cur = None
        else:
            raise ValueError("%s:%d: bad key %s" % (path, ln, k))
    return tests


def entries_of_ptx(text):
    """name -> body text of each .entry."""
    out = {}
    for m in re.finditer(r"\.entry\s+(\w+)\s*\(", text):
        start = m.start()
        depth, i = 0, text.index("{", m.end())
        j = i
        while True:
            c = text[j]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        out[m.group(1)] = text[start:j + 1]
    return out


def entries_of_cu(text):
    code = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("//"))
    return re.findall(r'extern\s+"C"\s+__global__\s+void\s+(\w+)\s*\(', code)


def ptxas_usage(ptx):
    """entry -> static shared bytes (ptxas -v)."""
    res = subprocess.run([PTXAS, "-arch=sm_90a", "-v", ptx, "-o", "/dev/null"], capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError("ptxas failed on %s:\n%s" % (ptx, res.stderr))
    usage, cur = {}, None
    for line in res.stderr.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            cur = m.group(1)
            usage[cur] = {"smem": 0, "regs": 0}
        m = re.search(r"Used (\d+) registers", line)
        if m and cur:
            usage[cur]["regs"] = int(m.group(1))
        m = re.search(r"(\d+) bytes smem", line)
        if m and cur:
            usage[cur]["smem"] = int(m.group(1))
    return usage


CLUSTER_RE = re.compile(r"mapa\.|barrier\.cluster|%cluster_|%clusterid|multicast::cluster|st\.async|"
                        r"shared::cluster\.shared::cta")


def check_module(name, record=None):
    problems = []
    cu = open(os.path.join(HERE, name + ".cu")).read()
    ptx_path = os.path.join(HERE, name + ".ptx")
    ptx = open(ptx_path).read()
    tests = read_plan(os.path.join(HERE, name + ".plan"))
    ents = entries_of_ptx(ptx)
    cu_entries = entries_of_cu(cu)
    usage = ptxas_usage(ptx_path)
    dyn_names = re.findall(r"\.extern\s+\.shared\s+[^;]*?(\w+)\[\]", ptx)
    if record:
        env = dict(os.environ)
        res = subprocess.run([record, "--list", os.path.join(HERE, name + ".plan")], capture_output=True, text=True,
                             env=env)
        listed = res.stdout.split()
        if res.returncode != 0 or listed != [t["name"] for t in tests]:
            problems.append("record --list disagrees: rc=%d %s" % (res.returncode, res.stderr.strip()))
    names = [t["name"] for t in tests]
    if len(set(names)) != len(names):
        problems.append("duplicate test names")
    for e in cu_entries:
        if e not in names:
            problems.append("entry %s has no test" % e)
    for t in tests:
        n = t["name"]
        if n not in ents:
            problems.append("%s: no .entry in the PTX" % n)
            continue
        body = ents[n]
        g, b, c = t["grid"], t["block"], t["cluster"]
        threads = b[0] * b[1] * b[2]
        if threads > 1024 or threads == 0 or b[2] > 64:
            problems.append("%s: bad block %s" % (n, b))
        if usage.get(n, {}).get("regs", 0) * threads > 65536:
            problems.append("%s: %d regs x %d threads exceed the register file" % (n, usage[n]["regs"], threads))
        uses_cluster = bool(CLUSTER_RE.search(body))
        if c[0] > 0:
            size = c[0] * max(c[1], 1) * max(c[2], 1)
            if size > 8:
                problems.append("%s: cluster of %d CTAs" % (n, size))
            for d in range(3):
                cd = max(c[d], 1)
                if g[d] % cd:
                    problems.append("%s: grid %s not a multiple of cluster %s" % (n, g, c))
            if not uses_cluster:
                problems.append("%s: cluster launch but no cluster instruction" % n)
        elif uses_cluster:
            problems.append("%s: uses cluster instructions but is not launched as a cluster" % n)
        uses_dyn = any(re.search(r"(?<![.\w])%s\b" % re.escape(d), body) for d in dyn_names)
        if uses_dyn and t["smem"] == 0:
            problems.append("%s: uses dynamic shared memory but smem = 0" % n)
        if not uses_dyn and t["smem"] > 0:
            problems.append("%s: smem %d but no dynamic shared memory use" % (n, t["smem"]))
        static = usage.get(n, {}).get("smem", 0)
        if static + t["smem"] > 227 * 1024:
            problems.append("%s: %d static + %d dynamic shared bytes" % (n, static, t["smem"]))
        if t["compare"]:
            for item in t["compare"].split(","):
                m = re.fullmatch(r"(multiset|ignore):(\d+):(\d+)", item)
                if not m or int(m.group(2)) + int(m.group(3)) > t["out"]:
                    problems.append("%s: bad compare %s" % (n, item))
        if t.get("runs", 0) < 1:
            problems.append("%s: runs < 1" % n)
    return tests, problems


def main():
    record = sys.argv[1] if len(sys.argv) > 1 else None
    mods = sorted(f[:-5] for f in os.listdir(HERE) if f.endswith(".plan"))
    total, bad = 0, False
    for m in mods:
        tests, problems = check_module(m, record)
        total += len(tests)
        print("%-10s %3d tests %s" % (m, len(tests), "ok" if not problems else "PROBLEMS"))
        for p in problems:
            print("   " + p)
        bad |= bool(problems)
    print("total      %3d tests" % total)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
