package io.schedkit.simulation.report;

import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationListener;
import io.schedkit.simulation.UtilisationSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The requested and allocatable resources of every node over a simulation, as step functions: what
 * the HTML report draws and what {@code schedkit demo} summarises per pool. Feed it {@link
 * UtilisationSample}s in time order (it is a {@link SimulationListener}); then ask for one node's
 * or a set of nodes' utilisation at a time, averaged over time buckets, at its peak or on average.
 *
 * <p>Utilisation of a set of nodes is the sum of their requests over the sum of their allocatable
 * resources, so a big node weighs more than a small one. Before a node's first sample both are 0.
 *
 * <p>Design note: each node keeps parallel growable arrays (sample times, then requested and
 * allocatable per tracked resource); a sample at the same time as the previous one replaces it. Not
 * thread-safe: a simulation calls its listeners on one thread.
 */
public final class UtilisationHistory implements SimulationListener {
  /**
   * The resources tracked: cpu (millicores), memory (bytes), pods (a count) and the extended
   * resources seen.
   */
  private final List<String> resources = new ArrayList<>(List.of("cpu", "memory", "pods"));

  private final Map<String, Series> nodes = new LinkedHashMap<>();

  /** An empty history. */
  public UtilisationHistory() {}

  @Override
  public void onEvent(SimulationEvent event) {}

  @Override
  public void onUtilisation(UtilisationSample sample) {
    for (String r : sample.allocatable().keySet()) {
      if (r.contains("/") && !resources.contains(r)) {
        resources.add(r);
      }
    }
    nodes.computeIfAbsent(sample.node(), Series::new).add(sample, resources);
  }

  /**
   * Returns the resources tracked: {@code cpu}, {@code memory}, {@code pods}, then the extended
   * resources (names with a {@code /}, such as {@code nvidia.com/gpu}) that some node offers, in
   * order of discovery.
   *
   * @return the resource names
   */
  public List<String> resources() {
    return List.copyOf(resources);
  }

  /**
   * Returns the nodes seen, in order of their first sample.
   *
   * @return the node names
   */
  public List<String> nodes() {
    return List.copyOf(nodes.keySet());
  }

  /**
   * Returns whether some node seen offers {@code resource}.
   *
   * @param resource a resource name
   * @return true when a node has a positive allocatable amount of it
   */
  public boolean offered(String resource) {
    for (Series s : nodes.values()) {
      if (s.maxAllocatable(resource) > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Returns the utilisation of {@code resource} on {@code nodeNames} as a step function.
   *
   * @param nodeNames the nodes to add up; unknown names count as empty
   * @param resource a tracked resource
   * @return the aggregate, changing only at sample times
   */
  public Step aggregate(Collection<String> nodeNames, String resource) {
    List<Series> selected = new ArrayList<>();
    for (String n : nodeNames) {
      Series s = nodes.get(n);
      if (s != null) {
        selected.add(s);
      }
    }
    int total = 0;
    for (Series s : selected) {
      total += s.size;
    }
    // Every sample becomes a change (delta) of the sums at its time; a sweep in time order adds
    // them up, one step per distinct time.
    double[] at = new double[total];
    double[] dReq = new double[total];
    double[] dAlloc = new double[total];
    int k = 0;
    for (Series s : selected) {
      long[] r = s.requested(resource);
      long[] a = s.allocatable(resource);
      for (int i = 0; i < s.size; i++) {
        at[k] = s.times[i];
        dReq[k] = value(r, i) - (i == 0 ? 0 : value(r, i - 1));
        dAlloc[k] = value(a, i) - (i == 0 ? 0 : value(a, i - 1));
        k++;
      }
    }
    Integer[] order = new Integer[total];
    for (int i = 0; i < total; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(at[x], at[y]));
    double[] t = new double[total];
    double[] req = new double[total];
    double[] alloc = new double[total];
    int n = 0;
    double sumReq = 0;
    double sumAlloc = 0;
    for (int i = 0; i < total; i++) {
      int e = order[i];
      sumReq += dReq[e];
      sumAlloc += dAlloc[e];
      if (n > 0 && t[n - 1] == at[e]) {
        n--;
      }
      t[n] = at[e];
      req[n] = sumReq;
      alloc[n] = sumAlloc;
      n++;
    }
    t = Arrays.copyOf(t, n);
    req = Arrays.copyOf(req, n);
    alloc = Arrays.copyOf(alloc, n);
    return new Step(t, req, alloc);
  }

  private static long value(long[] values, int i) {
    return values == null ? 0 : values[i];
  }

  /**
   * Returns the utilisation of {@code resource} on one node as a step function.
   *
   * @param node a node name
   * @param resource a tracked resource
   * @return the node's utilisation; empty for an unknown node
   */
  public Step node(String node, String resource) {
    return aggregate(List.of(node), resource);
  }

  /**
   * Requested over allocatable amounts of one resource on some nodes, as a function of virtual time
   * that changes only at sample times.
   */
  public static final class Step {
    private final double[] times;
    private final double[] requested;
    private final double[] allocatable;

    Step(double[] times, double[] requested, double[] allocatable) {
      this.times = times;
      this.requested = requested;
      this.allocatable = allocatable;
    }

    private int indexAt(double time) {
      int i = Arrays.binarySearch(times, time);
      if (i >= 0) {
        while (i + 1 < times.length && times[i + 1] == time) {
          i++;
        }
        return i;
      }
      return -i - 2;
    }

    /**
     * Returns the requested amount at {@code time}.
     *
     * @param time virtual seconds
     * @return the sum of the requests, in the resource's unit
     */
    public double requestedAt(double time) {
      int i = indexAt(time);
      return i < 0 ? 0 : requested[i];
    }

    /**
     * Returns the allocatable amount at {@code time}.
     *
     * @param time virtual seconds
     * @return the sum of the allocatable amounts, in the resource's unit
     */
    public double allocatableAt(double time) {
      int i = indexAt(time);
      return i < 0 ? 0 : allocatable[i];
    }

    /**
     * Returns the fraction requested at {@code time}.
     *
     * @param time virtual seconds
     * @return requested / allocatable, 0 when nothing is allocatable
     */
    public double fractionAt(double time) {
      int i = indexAt(time);
      return i < 0 ? 0 : fraction(i);
    }

    private double fraction(int i) {
      return allocatable[i] <= 0 ? 0 : requested[i] / allocatable[i];
    }

    /**
     * Returns the highest fraction requested over {@code [from, to]}.
     *
     * @param from virtual seconds
     * @param to virtual seconds, at least {@code from}
     * @return the peak fraction
     */
    public double peak(double from, double to) {
      double peak = fractionAt(from);
      for (int i = 0; i < times.length; i++) {
        if (times[i] > from && times[i] <= to) {
          peak = Math.max(peak, fraction(i));
        }
      }
      return peak;
    }

    /**
     * Returns the time-weighted average of the fraction requested over {@code [from, to]}.
     *
     * @param from virtual seconds
     * @param to virtual seconds; when not after {@code from}, the fraction at {@code from}
     * @return the average fraction
     */
    public double mean(double from, double to) {
      if (to <= from) {
        return fractionAt(from);
      }
      double sum = 0;
      double at = from;
      double value = fractionAt(from);
      for (int i = 0; i < times.length; i++) {
        if (times[i] > from && times[i] < to) {
          sum += value * (times[i] - at);
          at = times[i];
          value = fraction(i);
        }
      }
      sum += value * (to - at);
      return sum / (to - from);
    }

    /**
     * Returns the time-weighted average fraction in each of {@code buckets} equal intervals of
     * {@code [0, end]}.
     *
     * @param end virtual seconds, positive
     * @param buckets the number of intervals, positive
     * @return one average per interval
     */
    public double[] buckets(double end, int buckets) {
      double[] out = new double[buckets];
      double width = end / buckets;
      for (int b = 0; b < buckets; b++) {
        out[b] = mean(b * width, (b + 1) * width);
      }
      return out;
    }
  }

  /** One node's samples. */
  private static final class Series {
    final String node;
    double[] times = new double[8];
    final Map<String, long[]> requested = new LinkedHashMap<>();
    final Map<String, long[]> allocatable = new LinkedHashMap<>();
    int size;

    Series(String node) {
      this.node = node;
    }

    void add(UtilisationSample s, List<String> resources) {
      int i;
      if (size > 0 && times[size - 1] == s.time()) {
        i = size - 1;
      } else {
        if (size == times.length) {
          times = Arrays.copyOf(times, size * 2);
          requested.replaceAll((r, v) -> Arrays.copyOf(v, size * 2));
          allocatable.replaceAll((r, v) -> Arrays.copyOf(v, size * 2));
        }
        i = size++;
        times[i] = s.time();
      }
      for (String r : resources) {
        requested.computeIfAbsent(r, k -> new long[times.length])[i] =
            s.requested().getOrDefault(r, 0L);
        allocatable.computeIfAbsent(r, k -> new long[times.length])[i] =
            s.allocatable().getOrDefault(r, 0L);
      }
    }

    long[] requested(String resource) {
      return requested.get(resource);
    }

    long[] allocatable(String resource) {
      return allocatable.get(resource);
    }

    long maxAllocatable(String resource) {
      long[] a = allocatable.get(resource);
      long max = 0;
      for (int i = 0; a != null && i < size; i++) {
        max = Math.max(max, a[i]);
      }
      return max;
    }

    @Override
    public String toString() {
      return node + " (" + size + " samples)";
    }
  }
}
