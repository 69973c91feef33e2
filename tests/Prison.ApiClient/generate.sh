#!/usr/bin/env bash
# Generates the API's client again with Kiota (pinned in dotnet-tools.json) from openapi-v1.json. After a change of
# the API: save web's /openapi/v1.json over openapi-v1.json (ApiClientLoopTests says so when they differ), then run this.
set -euo pipefail
cd "$(dirname "$0")"
dotnet tool restore >/dev/null
KIOTA_OFFLINE_ENABLED=true dotnet kiota generate --language CSharp --openapi openapi-v1.json --output Generated \
  --class-name PrisonApiClient --namespace-name Prison.ApiClient --exclude-backward-compatible --clean-output
rm -f Generated/.kiota.log
