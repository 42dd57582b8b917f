#!/usr/bin/env bash
# Builds the service and the query console into dist/.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release
npm ci && npm run build
mkdir -p dist
cp target/release/atlas dist/
cp -r config dist/
echo "built dist/ ($(du -sh dist | cut -f1))"
