#!/usr/bin/env bash
# Prints a cluster of N nodes (default 1000) for `schedkit simulate --cluster`: a YAML List of
# nodes named node-0001..., each 8 CPUs, 32Gi and 110 pods, in three zones (zone-1, zone-2,
# zone-3 in turn), with no pod running.
#   benchmarks/simulate/cluster.sh 1000 > /tmp/cluster-1000.yaml
set -euo pipefail
n="${1:-1000}"
if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 [NODES]" >&2
  exit 2
fi
printf 'apiVersion: v1\nkind: List\nitems:\n'
for ((i = 1; i <= n; i++)); do
  printf -v name 'node-%04d' "$i"
  printf -- '- apiVersion: v1\n  kind: Node\n  metadata:\n    name: %s\n    labels:\n' "$name"
  printf '      kubernetes.io/hostname: %s\n' "$name"
  printf '      topology.kubernetes.io/zone: zone-%d\n' $(( (i - 1) % 3 + 1 ))
  printf '  status:\n'
  printf '    allocatable: {cpu: "8", memory: 32Gi, pods: "110"}\n'
  printf '    capacity: {cpu: "8", memory: 32Gi, pods: "110"}\n'
done
