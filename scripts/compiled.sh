#!/usr/bin/env bash
# Build the compiled wheel (what a release ships: the rules engine and the
# environment's inner loop compiled with mypyc, the .py sources beside them as
# the fallback), install it into .venv-compiled with every extra and the dev
# group, and run a command there:
#
#     scripts/compiled.sh python benchmarks/bench_env.py --seconds 3
#     scripts/compiled.sh python -m pytest tests
#
# The editable install that `uv sync` makes stays pure Python. The wheel is
# built through the sdist, so no compiled file lands in src/.
#
#     scripts/compiled.sh --built python -m pytest tests/rules
#
# runs the command on what an earlier call built, without building again (CI builds
# while its other tests run).
set -euo pipefail
cd "$(dirname "$0")/.."

export UV_PYTHON_DOWNLOADS=never
if [ "${1:-}" = "--built" ]; then
  shift
else
  rm -rf dist
  HATCH_BUILD_HOOK_ENABLE_MYPYC=true uv build --quiet --out-dir dist
  UV_PROJECT_ENVIRONMENT=.venv-compiled uv sync --frozen --no-install-project --all-extras --quiet
  uv pip install --quiet --python .venv-compiled/bin/python --no-deps --reinstall dist/pokerdealer-*.whl
fi
# Refuse to go on if the wheel came out pure Python (a missing compiler, say).
.venv-compiled/bin/python -c "
import pokerdealer.env.core, pokerdealer.rules.hand
for module in (pokerdealer.env.core, pokerdealer.rules.hand):
    assert module.__file__.endswith('.so'), f'{module.__name__} is not compiled: {module.__file__}'
"
PATH="$PWD/.venv-compiled/bin:$PATH" exec "$@"
