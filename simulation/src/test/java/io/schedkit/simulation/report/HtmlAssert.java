package io.schedkit.simulation.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks that a report page is well-formed HTML: what the report tests share. */
public final class HtmlAssert {
  private static final Pattern TAG =
      Pattern.compile("<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*?)(/?)>");
  private static final Set<String> VOID = Set.of("meta", "br", "hr", "img", "input", "link");

  private HtmlAssert() {}

  /**
   * Asserts that {@code page} starts with the HTML5 doctype, closes every element in order (void
   * elements and self-closed SVG elements aside), and holds no stray angle bracket in its text.
   *
   * @param page the document
   */
  public static void check(String page) {
    assertThat(page).startsWith("<!DOCTYPE html>\n<html lang=\"en\">");
    String body = page.substring(page.indexOf('\n') + 1);
    Deque<String> open = new ArrayDeque<>();
    Matcher m = TAG.matcher(body);
    int at = 0;
    while (m.find()) {
      String between = body.substring(at, m.start());
      assertThat(between).as("text before %s", m.group()).doesNotContain("<", ">");
      at = m.end();
      String name = m.group(2).toLowerCase(Locale.ROOT);
      if (!m.group(1).isEmpty()) {
        assertThat(open).as("closing %s", m.group()).isNotEmpty();
        assertThat(open.pop()).as("element closed by %s", m.group()).isEqualTo(name);
      } else if (m.group(4).isEmpty() && !VOID.contains(name)) {
        open.push(name);
        if (name.equals("style")) {
          at = body.indexOf("</style>", at);
          m.region(at, body.length());
        }
      }
    }
    assertThat(body.substring(at).strip()).isEmpty();
    assertThat(open).isEmpty();
  }
}
