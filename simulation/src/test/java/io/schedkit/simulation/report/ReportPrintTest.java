package io.schedkit.simulation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.framework.model.Node;
import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The report printed (every preemption on paper, not the part a scroll box shows on screen) and
 * short waits (not rounded to 0 s).
 */
final class ReportPrintTest {
  private static final int PREEMPTIONS = 300;

  private static String page;

  /**
   * A run on one node: {@value #PREEMPTIONS} batch pods evicted one by one for as many VIP pods,
   * and three web pods bound 0.4 s, 0.35 s and 4.2 ms after their creation.
   */
  @BeforeAll
  static void render() {
    HtmlReport report =
        HtmlReport.builder()
            .title("print")
            .objects(List.of(Node.builder().name("n1").capacity("cpu", "8").build()))
            .build();
    report.onEvent(new SimulationEvent.Started(0, 2 * PREEMPTIONS + 3, 1));
    Map<String, String> placements = new LinkedHashMap<>();
    List<String> evicted = new ArrayList<>();
    for (int i = 0; i < PREEMPTIONS; i++) {
      String batch = "ns/batch-" + i;
      report.onEvent(new SimulationEvent.Created(0, "Pod", batch));
      report.onEvent(new SimulationEvent.Bound(0, batch, "n1"));
      evicted.add(batch);
    }
    for (int i = 0; i < PREEMPTIONS; i++) {
      String vip = "ns/vip-" + i;
      double t = 10 + i;
      report.onEvent(new SimulationEvent.Created(t, "Pod", vip));
      report.onEvent(new SimulationEvent.Evicted(t, "ns/batch-" + i, "n1", vip));
      report.onEvent(new SimulationEvent.Bound(t + 1, vip, "n1"));
      placements.put(vip, "n1");
    }
    double[] waits = {0.4, 0.35, 0.0042};
    for (int i = 0; i < waits.length; i++) {
      String web = "web/web-" + i;
      double t = 400 + i;
      report.onEvent(new SimulationEvent.Created(t, "Pod", web));
      report.onEvent(new SimulationEvent.Bound(t + waits[i], web, "n1"));
      placements.put(web, "n1");
    }
    int pods = placements.size() + evicted.size();
    SimulationResult.Stats stats =
        new SimulationResult.Stats(pods, placements.size(), 0, evicted.size(), pods, 410, 0.1, 10);
    report.onEvent(new SimulationEvent.Finished(410, stats));
    page = report.render(new SimulationResult(placements, Map.of(), evicted, Map.of(), stats));
    HtmlAssert.check(page);
  }

  private static String section(String id) {
    int start = page.indexOf("<section id=\"" + id + "\">");
    assertThat(start).as("section %s", id).isNotNegative();
    return page.substring(start, page.indexOf("</section>", start));
  }

  /** The rules of a stylesheet without at-rules: selector list to declarations. */
  private static Map<String, Map<String, String>> rules(String css) {
    Map<String, Map<String, String>> rules = new LinkedHashMap<>();
    Matcher m = Pattern.compile("([^{}]+)\\{([^{}]*)\\}").matcher(css);
    while (m.find()) {
      Map<String, String> declarations = new LinkedHashMap<>();
      for (String d : m.group(2).split(";")) {
        int colon = d.indexOf(':');
        if (colon > 0) {
          declarations.put(d.substring(0, colon).strip(), d.substring(colon + 1).strip());
        }
      }
      for (String selector : m.group(1).split(",")) {
        rules.computeIfAbsent(selector.strip(), s -> new LinkedHashMap<>()).putAll(declarations);
      }
    }
    return rules;
  }

  /** The body of the stylesheet's {@code @media print} block. */
  private static String printBlock(String css) {
    int at = css.indexOf("@media print {");
    assertThat(at).as("the stylesheet has an @media print block").isNotNegative();
    int depth = 0;
    for (int i = css.indexOf('{', at); i < css.length(); i++) {
      char c = css.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return css.substring(css.indexOf('{', at) + 1, i);
      }
    }
    throw new AssertionError("@media print is not closed");
  }

  @Test
  void preemptions_everyRowIsInThePage() {
    String preemptions = section("preemptions");
    Matcher rows = Pattern.compile("<tr><td class=\"n\">").matcher(preemptions);
    int n = 0;
    while (rows.find()) {
      n++;
    }
    assertThat(n).isEqualTo(PREEMPTIONS);
    assertThat(preemptions).contains("<td>ns/vip-299</td>").doesNotContain("Showing the first");
  }

  @Test
  void preemptions_printed_noBoxClipsTheTable() {
    String preemptions = section("preemptions");
    String beforeTable = preemptions.substring(0, preemptions.indexOf("<table"));
    Set<String> classes = new LinkedHashSet<>();
    Matcher m = Pattern.compile("<div class=\"([^\"]+)\">").matcher(beforeTable);
    while (m.find()) {
      classes.addAll(List.of(m.group(1).split("\\s+")));
    }
    assertThat(classes).as("the table is in a scroll box on screen").contains("scroll");

    String css = PageWriter.CSS;
    String print = printBlock(css);
    Map<String, Map<String, String>> screen = rules(css.replace(print, ""));
    Map<String, Map<String, String>> printed = rules(print);
    for (String c : classes) {
      Map<String, String> onScreen = screen.getOrDefault("." + c, Map.of());
      Map<String, String> onPaper = printed.getOrDefault("." + c, Map.of());
      if (onScreen.containsKey("max-height")) {
        assertThat(onPaper.get("max-height")).as(".%s max-height in print", c).isEqualTo("none");
      }
      if (onScreen.containsKey("overflow")) {
        assertThat(onPaper.get("overflow")).as(".%s overflow in print", c).isEqualTo("visible");
      }
    }
    assertThat(screen.get(".scroll")).containsKeys("max-height", "overflow");
    // the header is not stuck to the top of the box on paper, and repeats on every page
    assertThat(printed.get("th")).containsEntry("position", "static");
    assertThat(printed.get("thead")).containsEntry("display", "table-header-group");
  }

  @Test
  void waits_underASecond_areNotRoundedToZero() {
    String workloads = section("workloads");
    int row = workloads.indexOf("</span>web/web</td>");
    assertThat(row).as("the web workload's row").isNotNegative();
    String cells = workloads.substring(row, workloads.indexOf("</tr>", row));
    // mean of 0.4 s, 0.35 s and 4.2 ms; max 0.4 s
    assertThat(cells).endsWith("<td class=\"n\">251 ms</td><td class=\"n\">400 ms</td>");
    assertThat(page).doesNotContain(">0.00 s<");
  }

  @Test
  void duration_forPeople() {
    assertThat(Html.duration(0)).isEqualTo("0 s");
    assertThat(Html.duration(Double.NaN)).isEqualTo("-");
    assertThat(Html.duration(0.4)).isEqualTo("400 ms");
    assertThat(Html.duration(0.35)).isEqualTo("350 ms");
    assertThat(Html.duration(0.0042)).isEqualTo("4.2 ms");
    assertThat(Html.duration(0.00996)).isEqualTo("10 ms");
    assertThat(Html.duration(0.00001)).isEqualTo("< 0.1 ms");
    assertThat(Html.duration(0.9996)).isEqualTo("1.00 s");
    assertThat(Html.duration(2.5)).isEqualTo("2.50 s");
    assertThat(Html.duration(45)).isEqualTo("45 s");
    assertThat(Html.duration(18 * 60 + 12)).isEqualTo("18 min 12 s");
    assertThat(Html.duration(2 * 3600 + 5 * 60)).isEqualTo("2 h 05 min");
  }
}
