#!/bin/sh
# Makes a self-signed TLS certificate for the proxy (deploy/proxy/certs/server.crt and server.key) for a host name,
# valid 825 days. Browsers warn about it until it is trusted: for production put your internal CA's certificate
# (server.crt, followed by the intermediate certificates) and its key (server.key) in that folder instead.
#   deploy/proxy/self-signed-certificate.sh dashboard.prison.example [FOLDER]
set -eu
host=${1:?usage: deploy/proxy/self-signed-certificate.sh HOST [FOLDER]}
folder=${2:-$(dirname "$0")/certs}
mkdir -p "$folder"
if [ -e "$folder/server.key" ] || [ -e "$folder/server.crt" ]; then
    echo "$folder already holds server.key or server.crt: move them away first, nothing was written." >&2
    exit 1
fi
umask 077
openssl req -x509 -newkey rsa:3072 -sha256 -days 825 -nodes \
    -keyout "$folder/server.key" -out "$folder/server.crt" \
    -subj "/CN=$host" -addext "subjectAltName=DNS:$host" -addext "extendedKeyUsage=serverAuth" 2>/dev/null
# nginx's workers read the certificate; the key stays readable by its owner (the master process reads it as root).
chmod 644 "$folder/server.crt"
echo "Wrote $folder/server.crt and $folder/server.key for $host"
