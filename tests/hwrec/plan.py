"""Writing recording plans for tests/hwrec/record.cu.

A generator script builds a Plan (launch shapes and exact input words per
test) and writes it next to the module it belongs to; record.sh runs every
plan on the GPU machine and stores what the GPU wrote.
"""

FNV_OFFSET = 1469598103934665603
FNV_PRIME = 1099511628211
MASK64 = (1 << 64) - 1


def seed_of(name):
    """A seed derived from a test name, so one test's data never depends on the others."""
    h = FNV_OFFSET
    for c in name.encode():
        h = ((h ^ c) * FNV_PRIME) & MASK64
    return h


class Rng:
    """xorshift64, the same generator as the C++ harnesses."""

    def __init__(self, seed):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & MASK64

    def next(self):
        s = self.s
        s ^= (s << 13) & MASK64
        s ^= s >> 7
        s ^= (s << 17) & MASK64
        self.s = s
        return (s >> 11) & 0xFFFFFFFF

    def words(self, n):
        return [self.next() for _ in range(n)]

    def below(self, n, bound):
        return [self.next() % bound for _ in range(n)]


def sentinel(n):
    return [0xCDCD0000 | (i & 0xFFFF) for i in range(n)]


def dim3(d):
    if isinstance(d, int):
        return (d, 1, 1) if d else (0, 0, 0)
    d = tuple(d) + (1,) * (3 - len(d))
    return d


class Plan:
    def __init__(self):
        self.tests = []
        self.names = set()

    def add(self, name, in_words, out_init, grid=1, block=32, cluster=0, smem=0, runs=3, note=None, scalars=(), compare=None, entry=None):
        """compare: None (exact) or items like 'multiset:START:LEN', 'ignore:START:LEN' joined by commas."""
        assert name not in self.names, name
        self.names.add(name)
        self.tests.append(dict(name=name, grid=dim3(grid), block=dim3(block), cluster=dim3(cluster), smem=smem,
                               runs=runs, note=note, compare=compare, entry=entry, scalars=list(scalars), inw=list(in_words), outw=list(out_init)))

    def write(self, path):
        with open(path, "w") as f:
            for t in self.tests:
                f.write("test %s\n" % t["name"])
                if t["entry"] and t["entry"] != t["name"]:
                    f.write("entry %s\n" % t["entry"])
                f.write("grid %d %d %d\nblock %d %d %d\ncluster %d %d %d\n" % (t["grid"] + t["block"] + t["cluster"]))
                f.write("smem %d\nruns %d\n" % (t["smem"], t["runs"]))
                if t["note"]:
                    f.write("note %s\n" % t["note"].replace("\n", " "))
                if t["compare"]:
                    f.write("compare %s\n" % t["compare"])
                if t["scalars"]:
                    f.write("scalars %d %s\n" % (len(t["scalars"]), " ".join("%x" % (w & 0xFFFFFFFF) for w in t["scalars"])))
                f.write("in %d %s\n" % (len(t["inw"]), " ".join("%x" % (w & 0xFFFFFFFF) for w in t["inw"])))
                f.write("out %d %s\n" % (len(t["outw"]), " ".join("%x" % (w & 0xFFFFFFFF) for w in t["outw"])))
                f.write("end\n")
