#!/usr/bin/env bash
# Runs every scheduler_perf-shaped workload (or those matching the given names or prefixes), each in
# a fresh JVM so one workload's JIT profile does not slow the next, and prints one JSON line per
# workload (`schedkit bench --format json`), after a warm-up of one full run and at least 6 s (the
# JIT's compiler thread needs seconds to reach the per-pod path). Extra `schedkit bench` options go
# after `--`:
#   benchmarks/run-workloads.sh                                   # all, 2 threads on a 2-core machine
#   benchmarks/run-workloads.sh SchedulingBasic -- --parallelism 1
set -euo pipefail
cd "$(dirname "$0")/.."
names=()
while [[ $# -gt 0 && "$1" != "--" ]]; do names+=("$1"); shift; done
[[ "${1:-}" == "--" ]] && shift
./schedkit bench --list "${names[@]}" >/dev/null   # builds the jar once, validates the names
# The JVM options of ./schedkit (the throughput collector unless SCHEDKIT_JAVA_OPTS says otherwise).
read -r -a jvm_opts <<< "${SCHEDKIT_JAVA_OPTS--XX:+UseParallelGC}"
for w in $(./schedkit bench --list "${names[@]}"); do
  java ${jvm_opts[@]+"${jvm_opts[@]}"} -jar cli/target/schedkit.jar bench "$w" \
    --warmup 1 --warmup-time 6 --runs 3 --format json "$@"
done
