#!/usr/bin/env bash
# Renames the files listed under "To rename" in docs/file-suffixes.md (current → new path):
# `git mv` each one, rewrites every mention of its old name (import specifiers, docs, configs)
# across the tracked text files, and takes its line off the list. Run from anywhere in the repo,
# on a clean tree; then `npm run -s typecheck && npx eslint .` and commit.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
doc=docs/file-suffixes.md

if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "rename-suffixes: the work tree has changes; commit or stash them first" >&2
  exit 1
fi

# Lines of the list: - `old/path.role.ts` → `new/path.other.ts`
mapfile -t pairs < <(sed -n -E 's/^- `([^`]+)` → `([^`]+)`$/\1 \2/p' "$doc")
if [ "${#pairs[@]}" -eq 0 ]; then
  echo "rename-suffixes: nothing left to rename in $doc"
  exit 0
fi

for pair in "${pairs[@]}"; do
  read -r from to <<<"$pair"
  if [ ! -f "$from" ]; then
    echo "rename-suffixes: $from (listed in $doc) does not exist" >&2
    exit 1
  fi
  if [ -e "$to" ]; then
    echo "rename-suffixes: $to exists already" >&2
    exit 1
  fi
done

# Off the list first, so the replacements below do not rewrite the list itself.
for pair in "${pairs[@]}"; do
  read -r from to <<<"$pair"
  grep -v -F -x -- "- \`$from\` → \`$to\`" "$doc" >"$doc.tmp" || true
  mv "$doc.tmp" "$doc"
done

for pair in "${pairs[@]}"; do
  read -r from to <<<"$pair"
  git mv -- "$from" "$to"
done
# Every mention of an old name — the file's name without its extension (and without `.test` for
# a test), as import specifiers and docs write it — becomes the new name.
mapfile -t texts < <(git ls-files -- '*.ts' '*.tsx' '*.js' '*.mjs' '*.cjs' '*.json' '*.md' '*.yml' '*.yaml' '*.sh' ':!:package-lock.json')
for pair in "${pairs[@]}"; do
  read -r from to <<<"$pair"
  old=$(basename "$from" | sed -E 's/(\.test)?\.tsx?$//')
  new=$(basename "$to" | sed -E 's/(\.test)?\.tsx?$//')
  [ "$old" = "$new" ] && continue
  OLD="$old" NEW="$new" perl -pi -e 's/(?<![\w.-])\Q$ENV{OLD}\E(?=(?:\.test)?\.(?:js|ts|tsx)\b)/$ENV{NEW}/g' -- "${texts[@]}"
done
echo "rename-suffixes: ${#pairs[@]} files renamed; now run: npm run -s typecheck && npx eslint ."
