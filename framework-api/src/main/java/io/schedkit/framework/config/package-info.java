/**
 * The configuration model: plain records mirroring {@code KubeSchedulerConfiguration} v1. Decoding
 * (with kube-scheduler's defaults and validation) lives in {@code framework-core}.
 */
package io.schedkit.framework.config;
