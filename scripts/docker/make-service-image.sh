#!/usr/bin/env bash
# Makes the compose stack's Postgres or HAProxy image on this machine, for when the
# official ones (postgres:15-bookworm, haproxy:2.6) cannot be pulled because no image
# registry is reachable: a minimal Debian bookworm from debootstrap with Debian's own
# postgresql-15 (15.x) or haproxy (2.6.x), run the way the official images run them, so
# compose.yaml works unchanged with either.
#   postgres: initialises /var/lib/postgresql/data on first start from POSTGRES_USER,
#             POSTGRES_PASSWORD and POSTGRES_DB (password auth from other hosts), as the
#             official image's entrypoint does, then runs postgres as the postgres user.
#   haproxy:  runs haproxy in the foreground with /usr/local/etc/haproxy/haproxy.cfg.
# `docker import` cannot set a STOPSIGNAL: compose.yaml names each service's (SIGINT, a fast
# shutdown, for Postgres; SIGUSR1, a soft stop, for HAProxy), as the official images do.
# Usage: make-service-image.sh postgres|haproxy <tag>. Needs root, debootstrap and dockerd.
set -euo pipefail
service="${1:?usage: make-service-image.sh postgres|haproxy <tag>}"
tag="${2:?usage: make-service-image.sh postgres|haproxy <tag>}"
docker="${DOCKER:-/usr/bin/docker}"
case "$service" in
  postgres) packages=postgresql-15 ;;
  haproxy) packages=haproxy ;;
  *) echo "unknown service $service" >&2; exit 2 ;;
esac

root="$(mktemp -d /tmp/softskills-$service.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "debootstrap bookworm (minbase, $packages) into $root"
debootstrap --variant=minbase --include="$packages" bookworm "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >/dev/null
rm -rf "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"*

changes=(--change 'ENV LANG=C.UTF-8')
if [ "$service" = postgres ]; then
  # The package made a cluster of its own (/etc/postgresql/15/main); the image's lives in PGDATA.
  rm -rf "$root/etc/postgresql/15" "$root/var/lib/postgresql/15"
  cat >"$root/usr/local/bin/docker-entrypoint.sh" <<'ENTRYPOINT'
#!/bin/sh
# What the official postgres image's entrypoint does with POSTGRES_*, in short.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  user="${POSTGRES_USER:-postgres}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\"" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "initialised $PGDATA (user $user, database $db)"
fi
exec "$@"
ENTRYPOINT
  chmod 0755 "$root/usr/local/bin/docker-entrypoint.sh"
  changes+=(
    --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
    --change 'ENV PGDATA=/var/lib/postgresql/data'
    --change 'VOLUME ["/var/lib/postgresql/data"]'
    --change 'EXPOSE 5432'
    --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]'
    --change 'CMD ["postgres"]'
  )
else
  mkdir -p "$root/usr/local/etc/haproxy"
  changes+=(
    --change 'ENV PATH=/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
    --change 'USER haproxy'
    --change 'CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]'
  )
fi

tar -C "$root" -c . | "$docker" import "${changes[@]}" - "$tag" >/dev/null
echo "made $tag"
