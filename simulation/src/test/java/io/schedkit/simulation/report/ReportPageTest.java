package io.schedkit.simulation.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.schedkit.simulation.SimulationEvent;
import io.schedkit.simulation.SimulationResult;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The page's frame: the stylesheet resource inlined once, and a link to every section. */
final class ReportPageTest {

  private static String css;
  private static String page;

  @BeforeAll
  static void render() throws Exception {
    try (InputStream in = ReportPageTest.class.getResourceAsStream("report.css")) {
      assertThat(in).as("report.css on the class path").isNotNull();
      css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    HtmlReport report = HtmlReport.builder().title("page").subtitle("frame").build();
    SimulationResult.Stats stats = new SimulationResult.Stats(0, 0, 0, 0, 0, 0, 0, 0);
    report.onEvent(new SimulationEvent.Finished(0, stats));
    page = report.render(new SimulationResult(Map.of(), Map.of(), List.of(), Map.of(), stats));
  }

  @Test
  void stylesheet_isSelfContainedCss() {
    assertThat(css)
        .isNotBlank()
        .endsWith("}\n")
        .contains("section {", ".cards {", "svg.chart {", "footer {")
        .doesNotContain("</style", "@import", "url(", "http://", "https://");
  }

  @Test
  void render_inlinesTheStylesheetOnce() {
    assertThat(count(page, "<style")).isEqualTo(1);
    assertThat(count(page, "<style>\n" + css + "</style>\n")).isEqualTo(1);
    assertThat(PageWriter.CSS).isEqualTo(css);
  }

  @Test
  void render_fetchesNothing() {
    assertThat(page)
        .doesNotContain("http://", "https://", "<script", "<link", "<img", "<iframe", "@import")
        .doesNotContain("url(", "src=");
  }

  @Test
  void render_linksEverySectionInPageOrder() {
    List<String> links = all(page, "<a href=\"#([a-z]+)\">");
    List<String> sections = all(page, "<section id=\"([a-z]+)\">");
    assertThat(links)
        .containsExactly(
            "utilisation",
            "nodes",
            "workloads",
            "timeline",
            "podgroups",
            "preemptions",
            "unschedulable")
        .isEqualTo(sections);
    assertThat(page.indexOf("<div class=\"cards\">"))
        .isGreaterThan(page.indexOf("</header>"))
        .isLessThan(page.indexOf("<section id="));
    assertThat(page).endsWith("</footer>\n</main>\n</body>\n</html>\n");
  }

  private static List<String> all(String text, String regex) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile(regex).matcher(text);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
