#!/usr/bin/env bash
# Build OMPEval (github.com/zekyll/OMPEval) and this folder's two drivers with g++ -O3,
# outside the repository (nothing of OMPEval is kept here):
#
#     benchmarks/ompeval/build.sh OMPEVAL_SOURCE [OUT]      (OUT: /tmp/ompeval by default)
#
# OMPEVAL_SOURCE is a checkout of OMPEval or a bare git directory (its HEAD is exported).
# Then: OMPEVAL_DRIVER=OUT/driver bench_equity.py, OMPEVAL_RANDOM=OUT/random_eval bench_batch.py
# (both look in /tmp/ompeval by default).
set -euo pipefail
source=${1:?usage: build.sh OMPEVAL_SOURCE [OUT]}
out=${2:-/tmp/ompeval}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/src"
if git -C "$source" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$source" archive HEAD | tar -x -C "$out/src"
  git -C "$source" rev-parse HEAD >"$out/COMMIT"
else
  cp -r "$source"/. "$out/src"
fi
# Today's libstdc++ wants a random engine's min() and max() constexpr (std::shuffle in
# CombinedRange.cpp, setting up a range): the one change made to OMPEval's source; the
# evaluator and the calculation loops are untouched.
sed -i 's/static uint64_t min()/static constexpr uint64_t min()/; s/static uint64_t max()/static constexpr uint64_t max()/' \
  "$out/src/omp/Random.h"
# (It also uses std::function without including <functional>: included on the command line.)
flags=(-O3 ${OMPEVAL_FLAGS:--march=native} -std=c++11 -pthread -include functional -I"$out/src")
objects=()
for file in "$out"/src/omp/*.cpp; do
  object="$out/$(basename "${file%.cpp}").o"
  g++ "${flags[@]}" -c "$file" -o "$object"
  objects+=("$object")
done
g++ "${flags[@]}" "$here/driver.cpp" "${objects[@]}" -o "$out/driver"
g++ "${flags[@]}" "$here/random_eval.cpp" "${objects[@]}" -o "$out/random_eval"
echo "built $out/driver and $out/random_eval from OMPEval $(cat "$out/COMMIT" 2>/dev/null || echo "$source")"
