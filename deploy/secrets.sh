#!/bin/sh
# Makes the secrets docker-compose.yml gives its services (deploy/secrets, or FOLDER), each once: a file that exists is
# kept, so running it again after an upgrade adds only what is new. Run it as root: each file then belongs to the user
# of the container that reads it (postgres and rabbitmq: 999; web, worker and the command line: 1654) and is readable
# by that user alone. docs/operations.md, "Deploying with docker compose" and "Rotating keys and passwords".
#   sudo deploy/secrets.sh [FOLDER]
set -eu
folder=${1:-$(dirname "$0")/secrets}
umask 077
mkdir -p "$folder"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A random password, letters and digits only, so that it needs no quoting in a connection string or JSON.
password() { openssl rand -base64 48 | tr -dc 'A-Za-z0-9' | cut -c1-32; }

# write NAME OWNER CONTENT: the file, unless it exists, readable by OWNER (a uid) alone.
write() {
    if [ ! -e "$folder/$1" ]; then
        printf '%s' "$3" > "$folder/$1"
        echo "Wrote $folder/$1" >&2
    fi
    chmod 400 "$folder/$1"
    if [ "$(id -u)" = 0 ]; then chown "$2:$2" "$folder/$1"; fi
}

# The password kept in FILE, made on the first run.
kept() { if [ ! -e "$folder/$1" ]; then write "$1" 999 "$(password)"; fi; cat "$folder/$1"; }

# RabbitMQ's salted SHA-256 of a password, as its definitions carry it (rabbit_password_hashing_sha256).
rabbit_hash() {
    head -c 4 /dev/urandom > "$work/salt"
    cp "$work/salt" "$work/hash"
    { cat "$work/salt"; printf '%s' "$1"; } | openssl dgst -binary -sha256 >> "$work/hash"
    openssl base64 -A -in "$work/hash"
}

for role in postgres prison-owner prison-web prison-worker prison-cli; do kept "$role-password" > /dev/null; done
connection() { printf 'Host=postgres;Port=5432;Database=prison;Username=%s;Password=%s' "$1" "$(cat "$folder/$2-password")"; }
write migrate-connection 1654 "$(connection prison_owner prison-owner)"
write web-connection 1654 "$(connection prison_web prison-web)"
write worker-connection 1654 "$(connection prison_worker prison-worker)"
write cli-connection 1654 "$(connection prison_cli prison-cli)"

admin=$(kept rabbitmq-admin-password)
for user in web worker; do
    [ -e "$folder/$user-rabbitmq-password" ] || write "$user-rabbitmq-password" 1654 "$(password)"
done
if [ ! -e "$folder/rabbitmq-definitions.json" ]; then
    user() { printf '{"name": "%s", "password_hash": "%s", "hashing_algorithm": "rabbit_password_hashing_sha256", "tags": [%s]}' "$1" "$(rabbit_hash "$2")" "$3"; }
    # Each user's regular expressions, as deploy/rabbitmq/permissions declares them.
    permission() {
        awk -v user="$1" '$1 == user { printf "{\"user\": \"%s\", \"vhost\": \"/\", \"configure\": \"%s\", \"write\": \"%s\", \"read\": \"%s\"}", $1, $2, $3, $4; found = 1 }
            END { if (!found) { print "deploy/rabbitmq/permissions names no " user > "/dev/stderr"; exit 1 } }' "$(dirname "$0")/rabbitmq/permissions"
    }
    write rabbitmq-definitions.json 999 "$(printf '{"users": [%s, %s, %s], "vhosts": [{"name": "/"}], "permissions": [%s, %s, %s]}\n' \
        "$(user prison_admin "$admin" '"administrator"')" \
        "$(user prison_web "$(cat "$folder/web-rabbitmq-password")" '')" \
        "$(user prison_worker "$(cat "$folder/worker-rabbitmq-password")" '')" \
        "$(permission prison_admin)" "$(permission prison_web)" "$(permission prison_worker)")"
fi
# deploy/data-protection-certificate.sh protects the key ring's certificate with it; web reads it.
[ -e "$folder/data-protection-certificate-password" ] || write data-protection-certificate-password 1654 "$(password)"

if [ "$(id -u)" != 0 ]; then
    echo "Not run as root: the files belong to you, and the containers' users cannot read them. Run it again with sudo." >&2
fi
