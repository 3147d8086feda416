package io.schedkit.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns, two spaces apart: text columns are left-aligned, number
 * columns right-aligned, and trailing spaces are trimmed.
 */
final class TextTable {
  private final List<String> headers = new ArrayList<>();
  private final List<Boolean> rightAligned = new ArrayList<>();
  private final List<List<String>> rows = new ArrayList<>();

  /** Adds a left-aligned column. */
  TextTable column(String header) {
    return column(header, false);
  }

  /** Adds a right-aligned column (for numbers). */
  TextTable numberColumn(String header) {
    return column(header, true);
  }

  private TextTable column(String header, boolean right) {
    headers.add(header);
    rightAligned.add(right);
    return this;
  }

  /** Adds a row; it must have one cell per column. */
  TextTable row(List<String> cells) {
    if (cells.size() != headers.size()) {
      throw new IllegalArgumentException(
          "a row has " + cells.size() + " cells for " + headers.size() + " columns");
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  /** The table, one line per row after the header line, each ending with a newline. */
  String render() {
    int[] widths = new int[headers.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = headers.get(c).length();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    line(sb, headers, widths);
    for (List<String> row : rows) {
      line(sb, row, widths);
    }
    return sb.toString();
  }

  private void line(StringBuilder sb, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      if (c > 0) {
        line.append("  ");
      }
      String cell = cells.get(c);
      String pad = " ".repeat(widths[c] - cell.length());
      line.append(rightAligned.get(c) ? pad + cell : cell + pad);
    }
    sb.append(line.toString().stripTrailing()).append('\n');
  }
}
