#!/usr/bin/env bash
# Builds target/image-base/schedkit-base.tar: a base image for the schedkit container image, made
# from this machine's JDK and Debian packages, for machines that reach no container registry.
#
#   deploy/image/base-image.sh
#   ./mvnw -B -ntp -Pimage -pl cli -am package \
#       -Djib.from.image=tar://$PWD/target/image-base/schedkit-base.tar
#
# What the base holds (two layers, no shell, no package manager):
#   1. system: the files of the Debian packages the Java runtime's native code links against
#      (libc6, zlib1g, libgcc-s1, libstdc++6: found with ldd, fetched with `apt-get download`,
#      unpacked with `dpkg -x`; their control files in /var/lib/dpkg/status.d/ so that image
#      scanners see them), ca-certificates' bundle as /etc/ssl/certs/ca-certificates.crt,
#      /etc/passwd and /etc/group with root and nonroot (65532, home /home/nonroot), /tmp (1777).
#   2. java: a Java 17 runtime in /opt/java/openjdk made by jlink from this machine's JDK with the
#      modules in MODULES below (its trust store is the JDK's lib/security/cacerts). The native
#      libraries of java.desktop's AWT, fonts, sound and image code are left out: schedkit uses
#      java.desktop only for java.beans (through its YAML and JSON libraries), which loads none.
# Config: Env PATH (java first) and JAVA_HOME, User 65532:65532, WorkingDir /, linux/amd64.
#
# The file is a `docker save` archive (manifest.json, config, uncompressed layer tars), the form
# Jib reads for a `tar://` base image; `docker load` takes it too. Files have owner root (the home
# folder nonroot) and time 1970-01-01, so the same inputs give the same layers. Running it again
# rebuilds everything under target/image-base/. Needs bash, GNU tar, a JDK 17 with jmods (jlink),
# dpkg, apt-get with Debian's repositories reachable, and ldd.
set -euo pipefail
cd "$(dirname "$0")/../.."

# What schedkit's shaded jar needs (`jdeps --ignore-missing-deps --print-module-deps` over
# cli/target/schedkit.jar; ContainerImageIT checks the list still covers it), plus providers found
# only at run time, which jdeps cannot see: jdk.crypto.ec (the EC and XDH key exchanges; without it
# the TLS handshake with kube-apiserver fails: "Algorithm x25519 not available"), java.naming
# (JNDI: LDAP certificate stores, DNS through JNDI) and jdk.zipfs (the zip file system provider),
# the last two small and kept for libraries that look them up, though no tested path needs them.
MODULES=java.base,java.desktop,java.net.http,java.sql,jdk.httpserver,jdk.management,jdk.unsupported
MODULES+=,jdk.crypto.ec,java.naming,jdk.zipfs
DESKTOP_NATIVE='**/libawt.so,**/libawt_headless.so,**/libawt_xawt.so,**/libfontmanager.so,**/libjavajpeg.so,**/libjawt.so,**/libjsound.so,**/liblcms.so,**/libmlib_image.so,**/libsplashscreen.so'
EPOCH=0
OUT=target/image-base

jdk_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
jlink=$jdk_home/bin/jlink
if [ ! -x "$jlink" ] || [ ! -d "$jdk_home/jmods" ]; then
  echo "base-image.sh: no jlink or jmods in $jdk_home (set JAVA_HOME to a JDK 17 with jmods)" >&2
  exit 1
fi
release_version=$(sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$jdk_home/release")
case "$release_version" in
  17*) ;;
  *) echo "base-image.sh: $jdk_home is Java $release_version, not 17" >&2; exit 1 ;;
esac

rm -rf "$OUT"
mkdir -p "$OUT/debs" "$OUT/system" "$OUT/java/opt/java" "$OUT/archive"

# --- layer 2 first: the runtime, which tells which shared libraries the system layer needs
"$jlink" --add-modules "$MODULES" --strip-debug --no-header-files --no-man-pages \
  --exclude-files="$DESKTOP_NATIVE" --output "$OUT/java/opt/java/openjdk"
java_home=$OUT/java/opt/java/openjdk

elf_files() {
  find "$1" -type f \( -name '*.so' -o -path '*/bin/*' -o -name jspawnhelper -o -name jexec \) \
    -exec sh -c 'head -c 4 "$1" | grep -q ELF' _ {} \; -print | sort
}

# The libraries the runtime links against (their paths on this machine), then their packages.
needed=$(elf_files "$java_home" | { xargs ldd || true; } | awk '$2 == "=>" && $3 ~ /^\// {print $3}' \
  | grep -v "/opt/java/openjdk/" | sort -u)
packages=libc6   # the dynamic loader, whatever ldd lists
for lib in $needed; do
  pkg=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null \
    || dpkg -S "${lib#/usr}" 2>/dev/null || true)
  pkg=${pkg%%:*}
  if [ -z "$pkg" ]; then
    echo "base-image.sh: no Debian package owns $lib" >&2
    exit 1
  fi
  packages+=" $pkg"
done
packages=$(echo "$packages" ca-certificates libc-bin | tr ' ' '\n' | sort -u | xargs)

apt_download() {
  local sandbox=()
  # apt's download user cannot write into a root-owned folder here
  [ "$(id -u)" = 0 ] && sandbox=(-o APT::Sandbox::User=root)
  # shellcheck disable=SC2086 # one word per package
  (cd "$OUT/debs" && apt-get -q "${sandbox[@]}" download $packages >/dev/null)
}
if ! apt_download; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt_download
  else
    echo "base-image.sh: apt-get download $packages failed" >&2
    exit 1
  fi
fi

# --- layer 1: the system files
sys=$OUT/system
mkdir -p "$sys/var/lib/dpkg/status.d"
versions=""
for deb in "$OUT"/debs/*.deb; do
  name=$(dpkg-deb -f "$deb" Package)
  versions+=" $name=$(dpkg-deb -f "$deb" Version)"
  dpkg-deb -f "$deb" > "$sys/var/lib/dpkg/status.d/$name"
  if [ "$name" = libc-bin ]; then
    # Only the C.UTF-8 locale (LANG below), not the tools (ldconfig, locale, getent, ...).
    tmp=$OUT/libc-bin
    dpkg -x "$deb" "$tmp"
    mkdir -p "$sys/usr/lib/locale" "$sys/usr/share/doc/libc-bin"
    cp -a "$tmp/usr/lib/locale/C.utf8" "$sys/usr/lib/locale/"
    cp "$tmp/usr/share/doc/libc-bin/copyright" "$sys/usr/share/doc/libc-bin/"
    rm -rf "$tmp"
  elif [ "$name" = ca-certificates ]; then
    # Only the certificates, as one bundle (what update-ca-certificates would write), and the
    # package's copyright; not its scripts.
    tmp=$OUT/ca-certificates
    dpkg -x "$deb" "$tmp"
    mkdir -p "$sys/etc/ssl/certs" "$sys/usr/share/doc/ca-certificates"
    find "$tmp/usr/share/ca-certificates" -name '*.crt' | LC_ALL=C sort | xargs cat \
      > "$sys/etc/ssl/certs/ca-certificates.crt"
    cp "$tmp/usr/share/doc/ca-certificates/copyright" "$sys/usr/share/doc/ca-certificates/"
    rm -rf "$tmp"
  else
    dpkg -x "$deb" "$sys"
  fi
done
rm -rf "$sys/usr/share/man" "$sys/usr/share/info" "$sys/usr/share/lintian"
mkdir -p "$sys/etc" "$sys/tmp" "$sys/home/nonroot" "$sys/root" "$sys/proc" "$sys/dev" "$sys/sys"
chmod 1777 "$sys/tmp"
chmod 700 "$sys/root" "$sys/home/nonroot"
cat > "$sys/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin
EOF
cat > "$sys/etc/group" <<'EOF'
root:x:0:
nobody:x:65534:
nonroot:x:65532:
EOF
printf 'hosts: files dns\n' > "$sys/etc/nsswitch.conf"

# Every library an ELF file of the runtime needs must be in the system layer.
missing=""
for soname in $(elf_files "$java_home" | { xargs ldd || true; } | awk '$2 == "=>" {print $1}' | sort -u); do
  case "$soname" in lib*.so*) ;; *) continue ;; esac
  if [ -e "$java_home/lib/$soname" ] || [ -e "$java_home/lib/server/$soname" ]; then continue; fi
  if [ ! -e "$sys/lib/x86_64-linux-gnu/$soname" ] \
    && [ ! -e "$sys/usr/lib/x86_64-linux-gnu/$soname" ]; then
    missing+=" $soname"
  fi
done
if [ -n "$missing" ]; then
  echo "base-image.sh: the system layer lacks$missing" >&2
  exit 1
fi

# --- the archive
# Entries are named as in `docker save` layers (etc/passwd: no leading ./, no ./ entry, which Jib
# refuses in the outer archive).
top_names() { find "$1" -mindepth 1 -maxdepth 1 -printf '%f\n' | LC_ALL=C sort; }
layer_tar() { # dir, output: owner root, except home/nonroot (nonroot)
  local dir=$1 out=$2
  # shellcheck disable=SC2046 # top-level names have no spaces
  tar --create --file "$out" --format=posix --pax-option=delete=atime,delete=ctime \
    --sort=name --mtime="@$EPOCH" --owner=0 --group=0 --numeric-owner \
    --exclude=home/nonroot -C "$dir" $(top_names "$dir")
  if [ -d "$dir/home/nonroot" ]; then
    tar --append --file "$out" --format=posix --pax-option=delete=atime,delete=ctime \
      --mtime="@$EPOCH" --owner=65532 --group=65532 --numeric-owner -C "$dir" home/nonroot
  fi
}
sha() { sha256sum "$1" | cut -d' ' -f1; }

layer_tar "$sys" "$OUT/archive/system.tar"
layer_tar "$OUT/java" "$OUT/archive/java.tar"
sys_id=$(sha "$OUT/archive/system.tar")
java_id=$(sha "$OUT/archive/java.tar")
mkdir -p "$OUT/archive/$sys_id" "$OUT/archive/$java_id"
mv "$OUT/archive/system.tar" "$OUT/archive/$sys_id/layer.tar"
mv "$OUT/archive/java.tar" "$OUT/archive/$java_id/layer.tar"

java_version=$("$java_home/bin/java" -version 2>&1 | head -1 | cut -d'"' -f2)
cat > "$OUT/archive/config.json" <<EOF
{"architecture":"amd64","os":"linux","created":"1970-01-01T00:00:00Z",
"config":{"User":"65532:65532","WorkingDir":"/",
"Env":["PATH=/opt/java/openjdk/bin:/usr/local/bin:/usr/bin:/bin","JAVA_HOME=/opt/java/openjdk","LANG=C.UTF-8"],
"Labels":{"org.opencontainers.image.description":"Java $java_version runtime (jlink: $MODULES) with Debian packages$versions"}},
"rootfs":{"type":"layers","diff_ids":["sha256:$sys_id","sha256:$java_id"]},
"history":[{"created":"1970-01-01T00:00:00Z","created_by":"deploy/image/base-image.sh: Debian packages$versions; /etc/passwd, /etc/group, /tmp"},
{"created":"1970-01-01T00:00:00Z","created_by":"deploy/image/base-image.sh: jlink --add-modules $MODULES"}]}
EOF
config_id=$(sha "$OUT/archive/config.json")
mv "$OUT/archive/config.json" "$OUT/archive/$config_id.json"
cat > "$OUT/archive/manifest.json" <<EOF
[{"Config":"$config_id.json","RepoTags":["schedkit-base:java$java_version"],"Layers":["$sys_id/layer.tar","$java_id/layer.tar"]}]
EOF
# shellcheck disable=SC2046 # hex names, manifest.json
tar --create --file "$OUT/schedkit-base.tar" --sort=name --mtime="@$EPOCH" --owner=0 --group=0 \
  --numeric-owner -C "$OUT/archive" $(top_names "$OUT/archive")
echo "$PWD/$OUT/schedkit-base.tar: java $java_version, Debian packages$versions," \
  "$(du -k "$OUT/schedkit-base.tar" | cut -f1) KiB"
