package io.schedkit.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.schedkit.core.Explanation;
import io.schedkit.framework.Code;
import io.schedkit.framework.Status;
import io.schedkit.simulation.SimulationResult;
import io.schedkit.simulation.demo.DemoSummary;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * The JSON shapes of the command line's answers, exactly as the CLI contract documents them: field
 * names, key order, and null versus absent fields.
 */
final class JsonReports {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Two-space indentation, {@code "key": value}, and {@code []}/{@code {}} when empty. */
  private static final ObjectWriter PRETTY =
      MAPPER.writer(
          new DefaultPrettyPrinter()
              .withSeparators(
                  Separators.createDefaultInstance()
                      .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                      .withObjectEmptySeparator("")
                      .withArrayEmptySeparator(""))
              .withObjectIndenter(new DefaultIndenter("  ", "\n"))
              .withArrayIndenter(new DefaultIndenter("  ", "\n")));

  private JsonReports() {}

  /** One explanation on one line (JSON Lines). */
  static String explainLine(Explanation e) {
    return explainLine(e, null);
  }

  /**
   * One explanation on one line (JSON Lines), with the state it explains: {@code state {cluster,
   * time, seed, boundPods, pendingPods, controllers, podFrom, budgetsComputed}} last ({@link
   * ExplainState}).
   */
  static String explainLine(Explanation e, ExplainState state) {
    ObjectNode o = explain(e);
    if (state != null) {
      ObjectNode s = o.putObject("state");
      s.put("cluster", state.cluster());
      s.put("time", state.time());
      s.put("seed", state.seed());
      s.put("boundPods", state.boundPods());
      s.put("pendingPods", state.pendingPods());
      s.put("controllers", state.controllers());
      s.put("podFrom", state.podFrom());
      s.put("budgetsComputed", state.budgetsComputed());
    }
    try {
      return MAPPER.writeValueAsString(o);
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException("cannot write the explanation of " + e.pod(), ex);
    }
  }

  /** A simulation result as one indented JSON object. */
  static String simulation(SimulationResult r, double processWallSeconds) {
    try {
      return PRETTY.writeValueAsString(simulationNode(r, processWallSeconds));
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException("cannot write the simulation result", ex);
    }
  }

  /**
   * {@code pod, profile, result, selectedNode, message, preemption {nominatedNode, victims[],
   * candidates[] {node, victims[], numPDBViolations}, tiedNodes[]}, nodes[]}; a node has {@code
   * name, filter {code, plugin, reasons}} and, when it passed the filters, {@code scores} and
   * {@code totalScore}; then, only for a pod a PreEnqueue plugin holds, {@code gate {plugin,
   * reason, message, schedulingGates[]}}.
   */
  static ObjectNode explain(Explanation e) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("pod", e.pod());
    o.put("profile", e.profile());
    o.put("result", e.result());
    o.put("selectedNode", Explanation.SCHEDULED.equals(e.result()) ? e.selectedNode() : null);
    o.put("message", e.message() == null ? "" : e.message());
    if (e.preemption() == null) {
      o.putNull("preemption");
    } else {
      ObjectNode p = o.putObject("preemption");
      p.put("nominatedNode", e.preemption().nominatedNode());
      strings(p.putArray("victims"), e.preemption().victims());
      ArrayNode candidates = p.putArray("candidates");
      for (Explanation.Candidate c : e.preemption().candidates()) {
        ObjectNode cn = candidates.addObject();
        cn.put("node", c.node());
        strings(cn.putArray("victims"), c.victims());
        cn.put("numPDBViolations", c.numPdbViolations());
      }
      strings(p.putArray("tiedNodes"), e.preemption().tiedNodes());
    }
    ArrayNode nodes = o.putArray("nodes");
    for (Explanation.NodeVerdict v : e.nodes()) {
      ObjectNode n = nodes.addObject();
      n.put("name", v.name());
      ObjectNode filter = n.putObject("filter");
      Status s = v.filter() == null ? Status.success() : v.filter();
      filter.put("code", s.code().toString());
      filter.put("plugin", s.code() == Code.SUCCESS || s.plugin().isEmpty() ? null : s.plugin());
      strings(filter.putArray("reasons"), s.code() == Code.SUCCESS ? List.of() : s.reasons());
      if (s.code() == Code.SUCCESS && v.totalScore() != null) {
        ObjectNode scores = n.putObject("scores");
        for (Map.Entry<String, Explanation.PluginScore> ps : v.scores().entrySet()) {
          ObjectNode sn = scores.putObject(ps.getKey());
          sn.put("raw", ps.getValue().raw());
          sn.put("normalized", ps.getValue().normalized());
          sn.put("weighted", ps.getValue().weighted());
        }
        n.put("totalScore", v.totalScore());
      }
    }
    if (e.gate() != null) {
      ObjectNode g = o.putObject("gate");
      g.put("plugin", e.gate().plugin());
      g.put("reason", e.gate().reason());
      g.put("message", e.gate().message());
      strings(g.putArray("schedulingGates"), e.gate().schedulingGates());
    }
    return o;
  }

  /**
   * {@code placements, boundAt, evicted, unschedulable, stats {pods, scheduled, unschedulable,
   * evicted, attempts, virtualSeconds, wallSeconds, podsPerSecond, processWallSeconds}}: {@code
   * wallSeconds} and {@code podsPerSecond} measure the run, {@code processWallSeconds} the command
   * since its process started ({@link ProcessClock}).
   */
  static ObjectNode simulationNode(SimulationResult r, double processWallSeconds) {
    ObjectNode o = MAPPER.createObjectNode();
    ObjectNode placements = o.putObject("placements");
    r.placements().forEach(placements::put);
    ObjectNode boundAt = o.putObject("boundAt");
    r.boundAt().forEach(boundAt::put);
    strings(o.putArray("evicted"), r.evicted());
    ObjectNode unschedulable = o.putObject("unschedulable");
    r.unschedulable().forEach(unschedulable::put);
    SimulationResult.Stats s = r.stats();
    ObjectNode stats = o.putObject("stats");
    stats.put("pods", s.pods());
    stats.put("scheduled", s.scheduled());
    stats.put("unschedulable", s.unschedulable());
    stats.put("evicted", s.evicted());
    stats.put("attempts", s.attempts());
    stats.put("virtualSeconds", s.virtualSeconds());
    stats.put("wallSeconds", round(s.wallSeconds(), 6));
    stats.put("podsPerSecond", round(s.podsPerSecond(), 1));
    stats.put("processWallSeconds", round(processWallSeconds, 2));
    return o;
  }

  /** The demo's summary as one indented JSON object. */
  static String demo(DemoSummary d, String reportFile) {
    try {
      return PRETTY.writeValueAsString(demoNode(d, reportFile));
    } catch (JsonProcessingException ex) {
      throw new IllegalStateException("cannot write the demo summary", ex);
    }
  }

  /**
   * {@code nodes, cordonedNodes, zones, pods, scheduled, unschedulable, evicted, preemptors, lost,
   * attempts, pools {<pool>: {nodes, usage {<resource>: {peak, mean}}}}, gang {name, minMember,
   * bound, firstBound, lastBound, nodes, together}, unschedulableReasons, virtualSeconds,
   * wallSeconds, podsPerSecond, report}}.
   */
  static ObjectNode demoNode(DemoSummary d, String reportFile) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("nodes", d.nodes());
    o.put("cordonedNodes", d.cordonedNodes());
    o.put("zones", d.zones());
    o.put("pods", d.pods());
    o.put("scheduled", d.scheduled());
    o.put("unschedulable", d.unschedulable());
    o.put("evicted", d.evicted());
    o.put("preemptors", d.preemptors());
    o.put("lost", d.lost());
    o.put("attempts", d.attempts());
    ObjectNode pools = o.putObject("pools");
    d.pools()
        .forEach(
            (name, pool) -> {
              ObjectNode p = pools.putObject(name);
              p.put("nodes", pool.nodes());
              ObjectNode usage = p.putObject("usage");
              pool.usage()
                  .forEach(
                      (r, u) -> {
                        ObjectNode un = usage.putObject(r);
                        un.put("peak", round(u.peak(), 4));
                        un.put("mean", round(u.mean(), 4));
                      });
            });
    DemoSummary.Gang g = d.gang();
    ObjectNode gang = o.putObject("gang");
    gang.put("name", g.name());
    gang.put("minMember", g.minMember());
    gang.put("bound", g.bound());
    putTime(gang, "firstBound", g.firstBound());
    putTime(gang, "lastBound", g.lastBound());
    gang.put("nodes", g.nodes());
    gang.put("together", g.together());
    ObjectNode reasons = o.putObject("unschedulableReasons");
    d.unschedulableReasons().forEach(reasons::put);
    o.put("virtualSeconds", d.virtualSeconds());
    o.put("wallSeconds", round(d.wallSeconds(), 6));
    o.put("podsPerSecond", round(d.podsPerSecond(), 1));
    o.put("report", reportFile);
    return o;
  }

  private static void putTime(ObjectNode o, String field, double seconds) {
    if (Double.isNaN(seconds)) {
      o.putNull(field);
    } else {
      o.put(field, seconds);
    }
  }

  /** {@code value} rounded to {@code decimals} places (wall-clock figures need no more). */
  private static double round(double value, int decimals) {
    return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_EVEN).doubleValue();
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }
}
