#!/usr/bin/env bash
# Makes a Node 20 base image on this machine, for when the Dockerfile's base
# (node:20-bookworm-slim) cannot be pulled because no image registry is reachable:
# a minimal Debian bookworm from debootstrap, plus this machine's own Node 20 and npm,
# and this machine's CA bundle (npm inside the build reaches the registry the way the
# host does). Usage: make-base-image.sh <tag>. Needs root, debootstrap and dockerd.
set -euo pipefail
tag="${1:?usage: make-base-image.sh <tag>}"
docker="${DOCKER:-/usr/bin/docker}"
node_bin="$(readlink -f "$(command -v node)")"
npm_dir="$(dirname "$(readlink -f "$(command -v npm)")")/.."
npm_dir="$(cd "$npm_dir" && pwd)"

root="$(mktemp -d /tmp/softskills-base.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "debootstrap bookworm (minbase) into $root"
debootstrap --variant=minbase bookworm "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >/dev/null

install -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
mkdir -p "$root/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
# The unprivileged user the official node image has (uid 1000), which the Dockerfile uses.
chroot "$root" /usr/sbin/groupadd --gid 1000 node
chroot "$root" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*

tar -C "$root" -c . | "$docker" import \
  --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'ENV NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$tag" >/dev/null
echo "made $tag ($("$docker" run --rm "$tag" node --version))"
