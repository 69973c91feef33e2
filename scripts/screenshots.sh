#!/usr/bin/env bash
# Takes the user guide's screenshots again (docs/images/*.png) from the embedded product with its demo data, in
# Debian's Chromium, through the test that checks them (tests/Prison.Web.Tests/Browser/UserGuideScreenshotTests).
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(scripts/test-servers.sh env)"
PRISON_WRITE_SCREENSHOTS=1 dotnet test tests/Prison.Web.Tests --configuration Release \
  --filter "FullyQualifiedName~UserGuideScreenshotTests"
echo "Wrote docs/images/*.png"
