package io.schedkit.core.runtime;

import io.schedkit.framework.NominatedRequests;
import io.schedkit.framework.PodInfo;
import java.util.List;

/**
 * One node's nominated pods as the {@link VersionedNominator} keeps them: highest priority first,
 * equal priorities in nomination order, with what Filter asks of them before it reads any pod.
 * Filter counts a nominated pod for a pod being scheduled when it has at least that pod's priority
 * and is not that pod; most passes answer "none" or "all" from the numbers here, without reading a
 * pod.
 *
 * <p>Immutable: the nominator replaces a node's object as a whole when its nominations change, so
 * the object's identity tells a reader that nothing changed.
 */
public final class NodeNominations {
  private final List<PodInfo> pods;
  private final int highestPriority;
  private final int lowestPriority;

  /** What all the pods request together (what counts when {@link #allCount} says all do). */
  private final NominatedRequests requests;

  /**
   * The pods' UID hashes, or null when a pod has no UID (then {@link #allCount} says "not sure").
   */
  private final int[] uidHashes;

  /**
   * The nominations of a node.
   *
   * @param pods the pods, highest priority first; not empty
   */
  public NodeNominations(List<PodInfo> pods) {
    this.pods = List.copyOf(pods);
    this.highestPriority = this.pods.get(0).priority();
    this.lowestPriority = this.pods.get(this.pods.size() - 1).priority();
    int[] hashes = new int[this.pods.size()];
    for (int i = 0; i < hashes.length; i++) {
      String uid = this.pods.get(i).uid();
      if (uid.isEmpty()) {
        hashes = null;
        break;
      }
      hashes[i] = uid.hashCode();
    }
    this.uidHashes = hashes;
    this.requests = NominatedRequests.of(this.pods);
  }

  /**
   * The pods, highest priority first.
   *
   * @return an immutable list, the same object for the life of this object
   */
  public List<PodInfo> pods() {
    return pods;
  }

  /**
   * What the pods request together: the nominated requests a pod sees here when {@link #allCount}.
   *
   * @return the total cpu and memory requests
   */
  public NominatedRequests requests() {
    return requests;
  }

  /**
   * Whether no pod here counts for a pod of {@code priority}: all have a lower one.
   *
   * @param priority the priority of the pod being scheduled
   * @return true when none counts
   */
  public boolean noneCount(int priority) {
    return highestPriority < priority;
  }

  /**
   * Whether every pod here counts for {@code pod}: all have at least its priority and none is the
   * pod itself (a nominated pod is the pod when their UIDs are equal; one without a UID, when their
   * namespaces and names are). False means "not sure": check pod by pod.
   *
   * @param pod the pod being scheduled
   * @param podUidHash {@link #uidHash} of {@code pod}
   * @return true when all count
   */
  public boolean allCount(PodInfo pod, int podUidHash) {
    if (lowestPriority < pod.priority() || uidHashes == null) {
      return false;
    }
    for (int h : uidHashes) {
      if (h == podUidHash) {
        return false;
      }
    }
    return true;
  }

  /** The highest priority of the pods. */
  int highestPriority() {
    return highestPriority;
  }

  /**
   * The lowest priority of the pods, or {@link Integer#MIN_VALUE} when a pod has no UID (so that a
   * check of the lowest priority alone never says all count).
   */
  int lowestPriorityWithUids() {
    return uidHashes == null ? Integer.MIN_VALUE : lowestPriority;
  }

  /**
   * One bit per pod, at its UID hash modulo 64: a pod whose bit is not set is surely not among
   * them.
   */
  long uidBits() {
    long bits = 0;
    if (uidHashes != null) {
      for (int h : uidHashes) {
        bits |= 1L << h;
      }
    }
    return bits;
  }

  /**
   * The hash of a pod's UID (of the empty string without one), for {@link #allCount}.
   *
   * @param pod a pod
   * @return the hash
   */
  public static int uidHash(PodInfo pod) {
    return pod.uid().hashCode();
  }

  @Override
  public String toString() {
    return "NodeNominations" + pods;
  }
}
