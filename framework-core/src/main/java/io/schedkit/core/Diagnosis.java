package io.schedkit.core;

import io.schedkit.framework.Code;
import io.schedkit.framework.NodeToStatus;
import io.schedkit.framework.Status;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Why a pod did not fit: each node's filter verdict, the plugins that rejected it (which decide the
 * events that may wake it), and the messages of PreFilter and PostFilter. {@link #message(int)}
 * renders kube-scheduler's {@code FitError} text byte for byte.
 */
public final class Diagnosis {
  private final NodeToStatus nodeToStatus;
  private final Set<String> unschedulablePlugins = new LinkedHashSet<>();
  private final Set<String> pendingPlugins = new LinkedHashSet<>();
  private String preFilterMessage = "";
  private String postFilterMessage = "";
  private String lastUnschedulablePlugin;

  /** An empty diagnosis: absent nodes are UnschedulableAndUnresolvable without a reason. */
  public Diagnosis() {
    this(new NodeToStatus());
  }

  /** A diagnosis over {@code nodeToStatus}. */
  public Diagnosis(NodeToStatus nodeToStatus) {
    this.nodeToStatus = nodeToStatus;
  }

  /** Each node's verdict. */
  public NodeToStatus nodeToStatus() {
    return nodeToStatus;
  }

  /** The plugins that rejected the pod (including {@code "Extender"} for extender rejections). */
  public Set<String> unschedulablePlugins() {
    return Collections.unmodifiableSet(unschedulablePlugins);
  }

  /** The plugins that returned Pending. */
  public Set<String> pendingPlugins() {
    return Collections.unmodifiableSet(pendingPlugins);
  }

  /** The PreFilter rejection's message, or empty. */
  public String preFilterMessage() {
    return preFilterMessage;
  }

  /** The PostFilter outcome's message, or empty. */
  public String postFilterMessage() {
    return postFilterMessage;
  }

  void setPreFilterMessage(String message) {
    this.preFilterMessage = message == null ? "" : message;
  }

  void setPostFilterMessage(String message) {
    this.postFilterMessage = message == null ? "" : message;
  }

  void addUnschedulablePlugin(String plugin) {
    unschedulablePlugins.add(plugin);
  }

  /** Records the plugin of a rejection: Pending ones apart from the others. */
  void addPluginStatus(Status status) {
    String plugin = status.plugin();
    if (plugin.isEmpty()) {
      return;
    }
    if (status.code() == Code.PENDING) {
      pendingPlugins.add(plugin);
    } else if (plugin != lastUnschedulablePlugin && !plugin.equals(lastUnschedulablePlugin)) {
      // Most nodes of a failed cycle are rejected by the same plugin: skip the repeated set adds.
      unschedulablePlugins.add(plugin);
      lastUnschedulablePlugin = plugin;
    }
  }

  /**
   * kube-scheduler's failure message: {@code 0/<numAllNodes> nodes are available:} then the
   * PreFilter message, or the histogram of node reasons (sorted as strings), then the PostFilter
   * message.
   */
  public String message(int numAllNodes) {
    StringBuilder sb = new StringBuilder();
    sb.append("0/").append(numAllNodes).append(" nodes are available:");
    if (!preFilterMessage.isEmpty()) {
      sb.append(' ').append(preFilterMessage).append('.');
    } else {
      List<String> entries = nodeToStatus.reasonHistogram(numAllNodes);
      if (!entries.isEmpty()) {
        sb.append(' ').append(String.join(", ", entries)).append('.');
      }
    }
    if (!postFilterMessage.isEmpty()) {
      sb.append(' ').append(postFilterMessage);
    }
    return sb.toString();
  }
}
