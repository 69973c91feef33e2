#!/bin/sh
# Makes the certificate that encrypts web's key ring in the database (DataProtection:CertificatePath): an RSA key
# and a self-signed certificate in one PKCS#12 file, protected by the password in DATA_PROTECTION_CERTIFICATE_PASSWORD,
# or else in the file data-protection-certificate-password beside it (deploy/secrets.sh makes it).
# The certificate is valid ten years. Keep a copy of the file and its password with the
# backups: without them neither the key ring nor the authenticator keys it encrypts can be read (docs/operations.md,
# "Rotating keys and passwords"). Run as root, the file belongs to web's user in its container (1654) and only it may
# read it; otherwise to you alone, and web cannot read it until it is given to that user.
#   sudo deploy/data-protection-certificate.sh [FILE]
set -eu
file=${1:-$(dirname "$0")/secrets/data-protection.pfx}
password_file=$(dirname "$file")/data-protection-certificate-password
if [ -z "${DATA_PROTECTION_CERTIFICATE_PASSWORD:-}" ] && [ -r "$password_file" ]; then
    DATA_PROTECTION_CERTIFICATE_PASSWORD=$(cat "$password_file")
    export DATA_PROTECTION_CERTIFICATE_PASSWORD
fi
: "${DATA_PROTECTION_CERTIFICATE_PASSWORD:?set DATA_PROTECTION_CERTIFICATE_PASSWORD, or run deploy/secrets.sh first, for the password that protects the file}"
if [ -d "$file" ]; then
    echo "$file is a folder (docker compose makes one where a mounted file is missing): remove it (rmdir) and run this again." >&2
    exit 1
fi
if [ -e "$file" ]; then
    echo "$file exists: replacing it would make the key ring unreadable (docs/operations.md); nothing was written." >&2
    exit 1
fi
mkdir -p "$(dirname "$file")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
umask 077
openssl req -x509 -newkey rsa:3072 -sha256 -days 3650 -nodes \
    -keyout "$work/key.pem" -out "$work/certificate.pem" -subj "/CN=prison-dashboard key ring" 2>/dev/null
openssl pkcs12 -export -inkey "$work/key.pem" -in "$work/certificate.pem" -out "$file" \
    -passout env:DATA_PROTECTION_CERTIFICATE_PASSWORD
# Web runs as a user of its own inside its container (uid 1654): it alone may read the file.
chmod 400 "$file"
if [ "$(id -u)" = 0 ]; then
    chown 1654:1654 "$file"
else
    echo "Not run as root: $file belongs to you; give it to web's user with: sudo chown 1654:1654 $file" >&2
fi
echo "Wrote $file"
