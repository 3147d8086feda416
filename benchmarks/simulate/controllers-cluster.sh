#!/usr/bin/env bash
# Prints a cluster dump for `schedkit simulate --cluster` shaped like a real one's controllers: N
# nodes (as cluster.sh writes them) and D Deployments in 20 namespaces, each with three
# ReplicaSets (two old ones scaled to 0 and the current one with 10 pods bound to nodes), as
# `kubectl get deploy,rs,pods -A -o yaml` lists them: D Deployments, 3D ReplicaSets, 10D pods.
#   benchmarks/simulate/controllers-cluster.sh 3000 3000 > /tmp/controllers-3000.yaml
set -euo pipefail
n="${1:-1000}"
d="${2:-1000}"
if ! [[ "$n" =~ ^[1-9][0-9]*$ && "$d" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 [NODES] [DEPLOYMENTS]" >&2
  exit 2
fi
"$(dirname "$0")/cluster.sh" "$n"
awk -v nodes="$n" -v deployments="$d" 'BEGIN {
  containers = "containers: [{name: c, image: x, resources: {requests: {cpu: 50m, memory: 64Mi}}}]"
  template = "        " containers; pod = "    " containers
  for (i = 0; i < deployments; i++) {
    app = "app" i; ns = "team" (i % 20)
    printf "- apiVersion: apps/v1\n  kind: Deployment\n  metadata: {name: %s, namespace: %s, uid: dep-%d}\n", app, ns, i
    printf "  spec:\n    replicas: 10\n    selector: {matchLabels: {app: %s}}\n", app
    printf "    template:\n      metadata: {labels: {app: %s}}\n      spec:\n%s\n", app, template
    for (r = 0; r < 3; r++) {
      rs = app "-rs" r; replicas = (r == 2) ? 10 : 0
      printf "- apiVersion: apps/v1\n  kind: ReplicaSet\n  metadata:\n    name: %s\n    namespace: %s\n    uid: rs-%d-%d\n", rs, ns, i, r
      printf "    ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: %s, uid: dep-%d, controller: true}]\n", app, i
      printf "  spec:\n    replicas: %d\n    selector: {matchLabels: {app: %s, rev: \"%d\"}}\n", replicas, app, r
      printf "    template:\n      metadata: {labels: {app: %s, rev: \"%d\"}}\n      spec:\n%s\n", app, r, template
      for (k = 0; k < replicas; k++) {
        printf "- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: %s-%d\n    namespace: %s\n    uid: pod-%d-%d-%d\n", rs, k, ns, i, r, k
        printf "    labels: {app: %s, rev: \"%d\"}\n", app, r
        printf "    ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: %s, uid: rs-%d-%d, controller: true}]\n", rs, i, r
        printf "  spec:\n    nodeName: node-%04d\n%s\n", ((i * 10 + k) * 7919) % nodes + 1, pod
      }
    }
  }
}'
