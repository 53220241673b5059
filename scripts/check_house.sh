#!/usr/bin/env bash
# The house rules CI checks before `mvn -B verify` (docs/contributing.md): README.md at most 12 KB,
# benchmarks/results at most 4 MB, at most 8 environment variables read in native/src, no device call ids
# ("call KB") in source comments, commit subjects of at most 72 characters since BASE.
#
#   scripts/check_house.sh [BASE]     BASE: the commit after which subjects are checked (default 4559b7e, after which every subject kept the rule;
#                                     skipped, saying so, when this clone lacks it)
#
# Prints one line per violation and exits 1 if there is any, else prints "house rules: ok" and exits 0.
set -uo pipefail
cd "$(dirname "$0")/.."
base="${1:-4559b7e}"
failed=0
fail() { echo "check_house: $*"; failed=1; }

# 1. README.md <= 12 KB.
readme_limit=$((12 * 1024))
readme_bytes=$(wc -c < README.md)
[ "$readme_bytes" -le "$readme_limit" ] || fail "README.md is $readme_bytes bytes, over $readme_limit (12 KB): move details to docs/"

# 2. benchmarks/results <= 4 MB (the files' bytes; logs and archives stay out, see benchmarks/results/README.md).
results_limit=$((4 * 1024 * 1024))
results_bytes=$(find benchmarks/results -type f -printf '%s\n' 2>/dev/null | awk '{s += $1} END {print s + 0}')
[ "$results_bytes" -le "$results_limit" ] \
  || fail "benchmarks/results holds $results_bytes bytes, over $results_limit (4 MB): trim run folders to README, CSV/JSON and plots"

# 3. native/src reads at most 8 environment variables: the distinct names given as string literals to getenv or
#    to an env_* helper, any whole string literal "GSSSP_...", and every upper-case string literal in
#    common/env_switch.hpp (the one table of the names the library reads).
env_names=$( { grep -rhoE '(getenv|env_[a-z_]+)\s*\(\s*"[A-Za-z0-9_]+"|"GSSSP_[A-Z0-9_]+"' native/src 2>/dev/null
               grep -hoE '"[A-Z][A-Z0-9_]+"' native/src/common/env_switch.hpp 2>/dev/null; } \
  | grep -oE '"[A-Za-z0-9_]+"' | tr -d '"' | sort -u)
env_count=$(printf '%s' "$env_names" | grep -c . || true)
[ "$env_count" -le 8 ] || fail "native/src reads $env_count environment variables, over 8: $(echo $env_names | tr ' ' ',')"

# 4. No device call ids in source comments: "call KB", "calls JL-JN", "call Q3", "call F)", "callJA.sh". A comment
#    line is one whose match follows //, /*, a leading * or a leading #.
call_id='(\b[Cc]alls? [A-Z]{2}[0-9]?\b|\b[Cc]alls? [A-Z][0-9]?([),.;:]| of 20)|\bcall[A-Z]{1,2}[0-9]*(\.sh|/|\b))'
while IFS= read -r hit; do
  [ -n "$hit" ] && fail "call id in a comment: ${hit:0:160}"
done < <(grep -rnP --include='*.java' --include='*.cu' --include='*.cuh' --include='*.hpp' --include='*.cpp' \
    --include='*.h' --include='*.c' --include='*.sh' --include='*.py' --include='*.cmake' --include='CMakeLists.txt' \
    --exclude-dir=target --exclude-dir=build --exclude=check_house.sh \
    "^(?:.*//|.*/\*|\s*\*|\s*#).*$call_id" native java benchmarks/src scripts 2>/dev/null)

# 5. Commit subjects since BASE at most 72 characters.
if git rev-parse --git-dir > /dev/null 2>&1; then
  if git cat-file -e "$base^{commit}" 2> /dev/null; then
    while IFS= read -r line; do
      hash="${line%% *}"
      subject="${line#* }"
      [ "${#subject}" -le 72 ] || fail "commit $hash: subject of ${#subject} characters, over 72: ${subject:0:72}..."
    done < <(git log --no-merges --format='%h %s' "$base..HEAD")
  else
    echo "check_house: commit $base is not in this clone; commit subjects not checked"
  fi
fi

[ "$failed" -eq 0 ] && echo "house rules: ok"
exit "$failed"
