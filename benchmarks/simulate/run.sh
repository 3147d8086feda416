#!/usr/bin/env bash
# Simulates 10,000 pods (deployments.yaml: ten Deployments of 1,000 replicas) on 1,000 nodes
# (cluster.sh) with `schedkit simulate --format json`, and prints the run's statistics: the wall
# time since the JVM started (processWallSeconds) beside the simulation's own wallSeconds and
# podsPerSecond, then the shell's `time` of the whole command. Extra `schedkit simulate` options go
# after the script's name:
#   benchmarks/simulate/run.sh
#   benchmarks/simulate/run.sh --seed 7
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=benchmarks/target/simulate
mkdir -p "$dir"
benchmarks/simulate/cluster.sh 1000 > "$dir/cluster-1000.yaml"
./schedkit --version >/dev/null   # builds the jar first if it is stale, outside the timing
time ./schedkit simulate --cluster "$dir/cluster-1000.yaml" \
  --workload benchmarks/simulate/deployments.yaml --format json "$@" > "$dir/result.json"
grep -o '"stats":{[^}]*}' "$dir/result.json" || sed -n '/"stats"/,/}/p' "$dir/result.json"
