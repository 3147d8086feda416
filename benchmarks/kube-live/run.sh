#!/usr/bin/env bash
# Live throughput: `schedkit run` against the upstream kube-scheduler binary on the same real API
# server (etcd + kube-apiserver v1.20.2 on 127.0.0.1): 500 nodes, 5,000 pods created as fast as the
# server takes them, pods/s from the first creation to the last binding; first both with
# kube-scheduler's default client QPS (50, burst 100), then both unthrottled.
# Usage: benchmarks/kube-live/run.sh   (env: KUBEBUILDER_ASSETS, else ../shared/tools/kube/assets.sh;
#        NODES, PODS to change the size, WARMUP=N pods bound and deleted before measuring, QPS=-1 for the unthrottled pair only, ONLY=schedkit or ONLY=kube-scheduler for one of them,
#        SCHEDKIT_BENCH_JVM_OPTS for extra JVM flags of schedkit, e.g. a JFR recording; SCHEDKIT_JAR=FILE
#        to run a given schedkit jar instead of building cli/target/schedkit.jar). Results: stdout and kubernetes/target/live-bench.txt.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if [ -z "${KUBEBUILDER_ASSETS:-}" ]; then
  KUBEBUILDER_ASSETS="$(bash ../shared/tools/kube/assets.sh)"
fi
export KUBEBUILDER_ASSETS
[ -x "$KUBEBUILDER_ASSETS/kube-scheduler" ] || { echo "no kube-scheduler in $KUBEBUILDER_ASSETS" >&2; exit 2; }
if [ -z "${SCHEDKIT_JAR:-}" ]; then
  echo "building cli/target/schedkit.jar..." >&2
  ./mvnw -o -q -B -ntp -DskipTests -Dspotless.check.skip=true -pl cli -am package >&2
  SCHEDKIT_JAR="$root/cli/target/schedkit.jar"
fi
export SCHEDKIT_JAR SCHEDKIT_LIVE_BENCH=1
./mvnw -o -B -ntp -Dspotless.check.skip=true -pl kubernetes -am test \
  -Dtest=LiveThroughputBench -Dsurefire.failIfNoSpecifiedTests=false \
  -DargLine="-Dbench.nodes=${NODES:-500} -Dbench.pods=${PODS:-5000} -Dbench.only=${ONLY:-} -Dbench.warmup=${WARMUP:-0} -Dbench.qps=${QPS:-50,-1}" >&2
cat kubernetes/target/live-bench.txt
