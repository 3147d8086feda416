package io.schedkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the README, the changelog and {@code docs/*.md} names a file of the
 * repository (not a build output under {@code target/}), and its {@code #anchor}, if any, a heading
 * of the Markdown file it names, as GitHub derives anchors from headings.
 */
final class DocLinksTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** Inline links and images: {@code [text](target)}, {@code ![alt](target "title")}. */
  private static final Pattern INLINE =
      Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\)");

  /** Reference definitions: {@code [name]: target}. */
  private static final Pattern REFERENCE = Pattern.compile("(?m)^ {0,3}\\[[^\\]]+\\]:\\s*(\\S+)");

  /** HTML links and images. */
  private static final Pattern HTML = Pattern.compile("(?:href|src)=\"([^\"]+)\"");

  private static List<Path> documents() throws IOException {
    List<Path> docs =
        new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md")));
    try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The text without fenced blocks and code spans, where brackets are code, not links. */
  static String prose(String markdown) {
    String noBlocks = markdown.replaceAll("(?ms)^```.*?^```[ \\t]*$", "");
    return noBlocks.replaceAll("(`+)(?s:.+?)\\1", "");
  }

  static List<String> links(String markdown) {
    String text = prose(markdown);
    List<String> links = new ArrayList<>();
    for (Pattern p : List.of(INLINE, REFERENCE, HTML)) {
      Matcher m = p.matcher(text);
      while (m.find()) {
        links.add(m.group(1));
      }
    }
    return links;
  }

  /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
  static String anchor(String heading) {
    String plain = heading.strip().replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1");
    return plain.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\s_-]", "").replace(' ', '-');
  }

  static Set<String> anchors(String markdown) {
    Set<String> anchors = new HashSet<>();
    String noBlocks = markdown.replaceAll("(?ms)^```.*?^```[ \\t]*$", "");
    Matcher m = Pattern.compile("(?m)^#{1,6}\\s+(.+?)\\s*#*\\s*$").matcher(noBlocks);
    while (m.find()) {
      String base = anchor(m.group(1));
      String a = base;
      for (int n = 1; !anchors.add(a); n++) {
        a = base + "-" + n;
      }
    }
    return anchors;
  }

  /** Whether a segment of the path matches a pattern of the root's {@code .gitignore}. */
  static boolean ignored(Path relative) throws IOException {
    List<Pattern> patterns = new ArrayList<>();
    for (String line : Files.readAllLines(ROOT.resolve(".gitignore"), StandardCharsets.UTF_8)) {
      String glob = line.strip();
      if (glob.isEmpty() || glob.startsWith("#") || glob.startsWith("!")) {
        continue;
      }
      glob = glob.replaceAll("^/|/$", "");
      patterns.add(Pattern.compile(Pattern.quote(glob).replace("*", "\\E[^/]*\\Q")));
    }
    for (Path segment : relative) {
      for (Pattern p : patterns) {
        if (p.matcher(segment.toString()).matches()) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean external(String link) {
    return link.matches("(?i)[a-z][a-z0-9+.-]*:.*") || link.startsWith("//");
  }

  @Test
  void relativeLinks_nameFilesOfTheRepositoryAndTheirHeadings() throws IOException {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path doc : documents()) {
      String text = Files.readString(doc, StandardCharsets.UTF_8);
      for (String link : links(text)) {
        if (external(link)) {
          continue;
        }
        checked++;
        int hash = link.indexOf('#');
        String file = hash < 0 ? link : link.substring(0, hash);
        String fragment = hash < 0 ? null : link.substring(hash + 1);
        Path target = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
        String where = ROOT.relativize(doc) + ": " + link;
        if (!target.startsWith(ROOT) || !Files.exists(target)) {
          broken.add(where + " (no such file in the repository)");
        } else if (ignored(ROOT.relativize(target))) {
          broken.add(where + " (ignored by .gitignore: a build output, not in the repository)");
        } else if (fragment != null
            && target.toString().endsWith(".md")
            && !anchors(Files.readString(target, StandardCharsets.UTF_8)).contains(fragment)) {
          broken.add(where + " (no heading with that anchor)");
        }
      }
    }
    assertThat(broken).isEmpty();
    assertThat(checked).as("relative links checked").isGreaterThan(50);
  }

  @Test
  void links_skipCodeAndFindEveryForm() {
    String md =
        "See [the docs](docs/cli.md#explain) and ![img](images/a.png \"A\").\n"
            + "`[not](a-link.md)` and\n```java\nx[0](y);\n[also](not.md)\n```\n"
            + "[ref]: other.md\n<a href=\"page.md\">p</a>\n";
    assertThat(links(md))
        .containsExactly("docs/cli.md#explain", "images/a.png", "other.md", "page.md");
  }

  @Test
  void ignored_buildOutputsAndGeneratedFiles() throws IOException {
    assertThat(ignored(Path.of("cli/target/schedkit.jar"))).isTrue();
    assertThat(ignored(Path.of("schedkit-report.html"))).isTrue();
    assertThat(ignored(Path.of("examples/target/classes/A.class"))).isTrue();
    assertThat(ignored(Path.of("docs/images/report.png"))).isFalse();
    assertThat(ignored(Path.of("docs/cli.md"))).isFalse();
  }

  @Test
  void anchor_asGitHubDerivesIt() {
    assertThat(anchor("The garbage collector")).isEqualTo("the-garbage-collector");
    assertThat(anchor("`simulate`")).isEqualTo("simulate");
    assertThat(anchor("One decision: the queue and the snapshot (JMH)"))
        .isEqualTo("one-decision-the-queue-and-the-snapshot-jmh");
    assertThat(anchor("scheduler_perf workloads")).isEqualTo("scheduler_perf-workloads");
    assertThat(anchors("# A\n## A\n```\n# not\n```\n")).containsExactlyInAnyOrder("a", "a-1");
  }
}
