#!/usr/bin/env bash
# Nightly backup of a shop that runs on PostgreSQL (DATABASE_URL set): a pg_dump custom-format archive
# of the database, stamped with the UTC time, then removal of backups older than KEEP_DAYS. Safe while
# the shop is running. Product images are rows of the database (decision 0030), so the dump holds
# them; with S3_URL or S3_BUCKET they are in the bucket, which is backed up on its own (versioning or
# replication). See docs/operations/backup-and-restore.md. For PGlite, stop the shop and copy DATA_DIR.
#
#   DATABASE_URL=postgres://shop@db.internal:5432/shop \
#   BACKUP_DIR=/var/backups/northbite KEEP_DAYS=14 scripts/backup.sh
#
# Keep the password out of DATABASE_URL here (it would show in `ps`): put it in ~/.pgpass.
# Prints the file it wrote. Exits non-zero, leaving no half-written file, if anything fails.
set -euo pipefail
umask 077 # backups hold customers' data and live cart-restore links: owner-only

if [[ -z "${DATABASE_URL:-}" ]]; then
  echo "backup.sh: DATABASE_URL is not set. With PGlite, stop the shop and copy DATA_DIR" \
    "(docs/operations/backup-and-restore.md)." >&2
  exit 2
fi
: "${BACKUP_DIR:?set BACKUP_DIR to where backups are kept}"
KEEP_DAYS="${KEEP_DAYS:-14}"

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
dump="$BACKUP_DIR/shop-$stamp.dump"
mkdir -p "$BACKUP_DIR"
trap 'rm -f "$dump.partial"' EXIT

# One consistent snapshot of the whole database (pg_dump runs in a single repeatable-read transaction).
pg_dump --format=custom --file="$dump.partial" "$DATABASE_URL"
# A truncated or corrupt archive fails here rather than on the day it is needed.
pg_restore --list "$dump.partial" >/dev/null
mv "$dump.partial" "$dump"

# images-*.tar.gz: the image tarballs of versions before the image store, aged out with the dumps.
find "$BACKUP_DIR" -maxdepth 1 -type f \( -name 'shop-*.dump' -o -name 'images-*.tar.gz' \) \
  -mtime +"$KEEP_DAYS" -delete

echo "$dump"
exit 0
