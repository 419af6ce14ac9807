#!/bin/bash
# Records hardware-golden results on the GPU machine (the device tool).
#   bash tests/hwrec/record.sh DEST DIR [DIR...]
# Each DIR holds one or more pairs NAME.ptx + NAME.plan[.gz] (written by its
# generator); DEST/<dir-name>-NAME.json gets what the GPU wrote, which is kept
# as DIR/golden-NAME.json.gz. A module
# whose whole run fails (fault, hang, JIT refusal) is retried one test per
# process, so one bad test does not cost the others.
#   WS_REC_ONLY="NAME ..."   record only these plans; WS_REC_MODULE_TIMEOUT /
#   WS_REC_TEST_TIMEOUT      seconds per module run / per single-test retry
set -u
here=$(cd "$(dirname "$0")" && pwd)
mod_timeout=${WS_REC_MODULE_TIMEOUT:-120}
test_timeout=${WS_REC_TEST_TIMEOUT:-30}
dst=$1; shift
mkdir -p "$dst"
nvcc -std=c++17 -O2 "$here/record.cu" -o /tmp/ws_record -lcuda || { echo "recorder build failed" | tee -a "$dst/summary.txt"; exit 1; }
for dir in "$@"; do
  base=$(basename "$dir")
  for planfile in "$dir"/*.plan "$dir"/*.plan.gz; do
    [ -e "$planfile" ] || continue
    name=$(basename "$(basename "$planfile" .gz)" .plan)
    plan=$planfile
    # Plans are kept gzipped (NAME.plan.gz); a plain NAME.plan just written by
    # a generator takes precedence.
    if [[ "$planfile" == *.gz ]]; then
      [ -e "$dir/$name.plan" ] && continue
      plan=/tmp/ws_plan_$name.plan
      gunzip -c "$planfile" > "$plan"
    fi
    if [ -n "${WS_REC_ONLY:-}" ] && ! [[ " $WS_REC_ONLY " == *" $name "* ]]; then continue; fi
    mod="$dir/$name.ptx"
    out="$dst/$base-$name.json"
    start=$(date +%s%N)
    timeout $mod_timeout /tmp/ws_record "$mod" "$plan" > "$out" 2> "$dst/$base-$name.log"
    rc=$?
    if [ $rc -ne 0 ] && grep -q cuModuleLoad "$dst/$base-$name.log"; then
      ptxas -arch=sm_90a "$mod" -o /tmp/ws_mod.cubin >> "$dst/$base-$name.log" 2>&1 && mod=/tmp/ws_mod.cubin
      echo "$base/$name: PTX JIT failed, using a ptxas cubin" >> "$dst/summary.txt"
      timeout $mod_timeout /tmp/ws_record "$mod" "$plan" > "$out" 2>> "$dst/$base-$name.log"
      rc=$?
    fi
    echo "$base/$name rc=$rc $(( ($(date +%s%N) - start) / 1000000 ))ms" >> "$dst/summary.txt"
    if [ $rc -ne 0 ]; then
      # One test per process; the pieces are joined into one document.
      parts=()
      for t in $(/tmp/ws_record --list "$plan"); do
        timeout $test_timeout /tmp/ws_record "$mod" "$plan" "$t" > "/tmp/ws_part_$t.json" 2>> "$dst/$base-$name.log"
        r=$?
        echo "  $t rc=$r" >> "$dst/summary.txt"
        [ $r -eq 0 ] && parts+=("/tmp/ws_part_$t.json")
      done
      python3 - "$out" "${parts[@]}" <<'PY'
import json, sys
docs = []
for p in sys.argv[2:]:
    try:
        docs.append(json.load(open(p)))
    except ValueError:
        pass  # a test that died while printing: left out (its rc is in summary.txt)
head = docs[0] if docs else {"device": "?", "sm": "?"}
json.dump({"device": head["device"], "sm": head["sm"], "tests": [t for d in docs for t in d["tests"]]}, open(sys.argv[1], "w"))
PY
    fi
  done
done
cat "$dst/summary.txt"
