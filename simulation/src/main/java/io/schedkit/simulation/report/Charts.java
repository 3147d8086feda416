package io.schedkit.simulation.report;

import static io.schedkit.simulation.report.Html.esc;
import static io.schedkit.simulation.report.Html.num;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The report's charts as inline SVG (no script, no external resource): line charts of fractions
 * over time, stacked areas of counts, heatmaps with a row per node, swimlanes per workload and a
 * Gantt chart of pods. Every chart's x axis is virtual time from 0 to {@code end} seconds, with
 * round ticks; every chart gets a {@code <title>} per mark so that hovering explains it.
 */
final class Charts {
  /**
   * Colours of node groups and workloads, in order: blues, greens, purples and browns, so that none
   * is mistaken for pending (amber) or evicted (red).
   */
  static final String[] PALETTE = {
    "#4e79a7", "#59a14f", "#b07aa1", "#76b7b2", "#9c755f", "#2f6690", "#8cd17d", "#d4a6c8",
    "#86bcb6", "#79706e", "#a0cbe8", "#6a3d9a"
  };

  static final String PENDING = "#f2b134";
  static final String EVICTED = "#d62728";
  static final String RUNNING = "#4e79a7";
  private static final String AXIS = "#9aa3ad";
  private static final String GRID = "#e6e9ee";
  private static final String TEXT = "#3c4650";

  private Charts() {}

  static String colour(int i) {
    return PALETTE[Math.floorMod(i, PALETTE.length)];
  }

  // ------------------------------------------------------------------ axes

  /** Round tick positions over {@code [0, end]}: at most about {@code max} of them. */
  static List<Double> ticks(double end, int max) {
    double[] steps = {
      1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400
    };
    double step = steps[steps.length - 1];
    for (double s : steps) {
      if (end / s <= max) {
        step = s;
        break;
      }
    }
    List<Double> ticks = new ArrayList<>();
    for (double t = 0; t <= end + 1e-9; t += step) {
      ticks.add(t);
    }
    return ticks;
  }

  /** The x axis: a baseline, ticks and their labels under {@code y0}, and vertical grid lines. */
  private static void timeAxis(
      StringBuilder svg, double x0, double width, double yTop, double y0, double end, int max) {
    for (double t : ticks(end, max)) {
      double x = x0 + width * t / end;
      svg.append(line(x, yTop, x, y0, GRID, 1));
      svg.append(text(x, y0 + 14, Html.tick(t), "middle", 11, TEXT));
    }
    svg.append(line(x0, y0, x0 + width, y0, AXIS, 1));
  }

  // ------------------------------------------------------------------ line chart

  /**
   * One line of a chart.
   *
   * @param name the legend entry
   * @param colour a CSS colour
   * @param values one value per equal interval of time
   * @param dashed whether to draw it dashed
   */
  record Line(String name, String colour, double[] values, boolean dashed) {}

  /**
   * A chart of fractions (0 to 100 %) over time: one line per series, a legend above.
   *
   * @param title the chart's title, drawn in it
   * @param lines the series
   * @param end the end of the time axis
   * @param width the SVG width
   * @param height the SVG height
   */
  static String fractions(String title, List<Line> lines, double end, int width, int height) {
    double left = 40;
    double right = 10;
    double top = 46;
    double bottom = 24;
    double pw = width - left - right;
    double ph = height - top - bottom;
    StringBuilder svg = open(width, height, title);
    svg.append(text(left, 16, title, "start", 13, "#1f2a33", "600"));
    legend(
        svg, left, 34, lines.stream().map(l -> new Key(l.name(), l.colour(), l.dashed())).toList());
    for (int p = 0; p <= 100; p += 25) {
      double y = top + ph - ph * p / 100.0;
      svg.append(line(left, y, left + pw, y, GRID, 1));
      svg.append(text(left - 6, y + 4, p + "%", "end", 10, TEXT));
    }
    timeAxis(svg, left, pw, top, top + ph, end, 10);
    for (Line l : lines) {
      svg.append(polyline(l.values(), left, top, pw, ph, 1.0, l.colour(), l.dashed(), l.name()));
    }
    return svg.append("</svg>").toString();
  }

  private static String polyline(
      double[] values,
      double left,
      double top,
      double pw,
      double ph,
      double max,
      String colour,
      boolean dashed,
      String name) {
    StringBuilder pts = new StringBuilder();
    int n = values.length;
    for (int i = 0; i < n; i++) {
      double x = left + pw * (i + 0.5) / n;
      double y = top + ph - ph * Math.min(1, values[i] / max);
      pts.append(num(x)).append(',').append(num(y)).append(' ');
    }
    return "<polyline fill=\"none\" stroke=\""
        + colour
        + "\" stroke-width=\"2\" stroke-linejoin=\"round\""
        + (dashed ? " stroke-dasharray=\"5 3\"" : "")
        + " points=\""
        + pts.toString().trim()
        + "\"><title>"
        + esc(name)
        + "</title></polyline>";
  }

  // ------------------------------------------------------------------ stacked counts

  /**
   * A stacked area chart of counts over time (for example running pods, then pending pods above).
   *
   * @param title the chart's title
   * @param layers the layers, bottom first; their values are counts per interval
   * @param end the end of the time axis
   * @param width the SVG width
   * @param height the SVG height
   */
  static String stacked(String title, List<Line> layers, double end, int width, int height) {
    double left = 48;
    double right = 10;
    double top = 46;
    double bottom = 24;
    double pw = width - left - right;
    double ph = height - top - bottom;
    int n = layers.isEmpty() ? 0 : layers.get(0).values().length;
    double[] sum = new double[n];
    double max = 1;
    for (Line l : layers) {
      for (int i = 0; i < n; i++) {
        sum[i] += l.values()[i];
        max = Math.max(max, sum[i]);
      }
    }
    double yMax = niceCeiling(max);
    StringBuilder svg = open(width, height, title);
    svg.append(text(left, 16, title, "start", 13, "#1f2a33", "600"));
    legend(svg, left, 34, layers.stream().map(l -> new Key(l.name(), l.colour(), false)).toList());
    for (int k = 0; k <= 4; k++) {
      double v = yMax * k / 4;
      double y = top + ph - ph * k / 4.0;
      svg.append(line(left, y, left + pw, y, GRID, 1));
      svg.append(text(left - 6, y + 4, formatCount(v), "end", 10, TEXT));
    }
    timeAxis(svg, left, pw, top, top + ph, end, 10);
    double[] base = new double[n];
    for (Line l : layers) {
      svg.append(area(base, l.values(), left, top, pw, ph, yMax, l.colour(), l.name()));
      for (int i = 0; i < n; i++) {
        base[i] += l.values()[i];
      }
    }
    return svg.append("</svg>").toString();
  }

  /** A closed area between {@code base} and {@code base + values}, as steps per interval. */
  private static String area(
      double[] base,
      double[] values,
      double left,
      double top,
      double pw,
      double ph,
      double max,
      String colour,
      String name) {
    int n = values.length;
    StringBuilder d = new StringBuilder();
    for (int i = 0; i < n; i++) {
      double x0 = left + pw * i / n;
      double x1 = left + pw * (i + 1) / n;
      double y = top + ph - ph * (base[i] + values[i]) / max;
      d.append(i == 0 ? "M" : "L").append(num(x0)).append(',').append(num(y));
      d.append('L').append(num(x1)).append(',').append(num(y));
    }
    for (int i = n - 1; i >= 0; i--) {
      double x0 = left + pw * i / n;
      double x1 = left + pw * (i + 1) / n;
      double y = top + ph - ph * base[i] / max;
      d.append('L').append(num(x1)).append(',').append(num(y));
      d.append('L').append(num(x0)).append(',').append(num(y));
    }
    return "<path d=\""
        + d.append('Z')
        + "\" fill=\""
        + colour
        + "\" fill-opacity=\"0.85\" stroke=\"none\"><title>"
        + esc(name)
        + "</title></path>";
  }

  static double niceCeiling(double v) {
    double[] mult = {1, 2, 2.5, 4, 5, 10};
    double mag = Math.pow(10, Math.floor(Math.log10(Math.max(1, v))));
    for (double m : mult) {
      if (m * mag >= v) {
        return m * mag;
      }
    }
    return 10 * mag;
  }

  private static String formatCount(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  // ------------------------------------------------------------------ heatmap

  /**
   * One heatmap row.
   *
   * @param label the row label (a node, or a range of nodes)
   * @param group the group the row belongs to; a change of group draws a separator
   * @param values fractions 0 to 1, one per interval
   * @param tooltip what hovering the row label shows
   */
  record HeatRow(String label, String group, double[] values, String tooltip) {}

  /**
   * A heatmap: a row per node (or range of nodes), a column per interval, darker when more of the
   * resource is requested; groups separated by a line and named at the left edge.
   *
   * @param title the title, drawn above
   * @param rows the rows, grouped
   * @param end the end of the time axis
   * @param width the SVG width
   * @param rowHeight the height of one row
   */
  static String heatmap(String title, List<HeatRow> rows, double end, int width, int rowHeight) {
    double left = 150;
    double right = 8;
    double top = 42;
    double pw = width - left - right;
    double ph = rows.size() * (double) rowHeight;
    int height = (int) Math.ceil(top + ph + 24);
    StringBuilder svg = open(width, height, title);
    svg.append(text(0, 16, title, "start", 13, "#1f2a33", "600"));
    scale(svg, width - right - 180, 8);
    rect(svg, left, top, pw, ph, "#f4f6f9");
    String group = null;
    for (int r = 0; r < rows.size(); r++) {
      HeatRow row = rows.get(r);
      double y = top + r * rowHeight;
      if (!row.group().equals(group)) {
        group = row.group();
        if (r > 0) {
          svg.append(line(0, y, left + pw, y, "#5b6670", 1));
        }
        svg.append(text(0, y + Math.min(rowHeight, 11) - 1, group, "start", 10, "#1f2a33", "600"));
      }
      int n = row.values().length;
      double cw = pw / n;
      // One rectangle per run of cells of the same colour; the background shows empty cells.
      for (int i = 0; i < n; ) {
        double v = row.values()[i];
        String colour = v <= 0.005 ? null : heat(v);
        int j = i + 1;
        while (j < n
            && Objects.equals(colour, row.values()[j] <= 0.005 ? null : heat(row.values()[j]))) {
          j++;
        }
        if (colour != null) {
          svg.append("<rect x=\"")
              .append(num(left + i * cw))
              .append("\" y=\"")
              .append(num(y))
              .append("\" width=\"")
              .append(num((j - i) * cw + 0.4))
              .append("\" height=\"")
              .append(rowHeight)
              .append("\" fill=\"")
              .append(colour)
              .append("\"/>");
        }
        i = j;
      }
      if (rowHeight >= 8) {
        svg.append("<text x=\"")
            .append(num(left - 4))
            .append("\" y=\"")
            .append(num(y + rowHeight - 2))
            .append("\" text-anchor=\"end\" font-size=\"")
            .append(Math.min(10, rowHeight - 1))
            .append("\" fill=\"")
            .append(TEXT)
            .append("\">")
            .append(esc(row.label()))
            .append("<title>")
            .append(esc(row.tooltip()))
            .append("</title></text>");
      }
    }
    timeAxis(svg, left, pw, top + ph, top + ph, end, 12);
    return svg.append("</svg>").toString();
  }

  /** The colour of a fraction: white-blue to dark blue, red-brown above 95 %. */
  static String heat(double v) {
    double f = Math.round(Math.max(0, Math.min(1, v)) * 40) / 40.0;
    if (v > 0.95) {
      return "#7f2704";
    }
    int[][] stops = {{222, 235, 247}, {107, 174, 214}, {33, 113, 181}, {8, 48, 107}};
    double pos = f * (stops.length - 1);
    int i = Math.min(stops.length - 2, (int) pos);
    double t = pos - i;
    int r = (int) Math.round(stops[i][0] + t * (stops[i + 1][0] - stops[i][0]));
    int g = (int) Math.round(stops[i][1] + t * (stops[i + 1][1] - stops[i][1]));
    int b = (int) Math.round(stops[i][2] + t * (stops[i + 1][2] - stops[i][2]));
    return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
  }

  /** The heatmap's colour scale, 180 wide, at {@code (x, y)}. */
  private static void scale(StringBuilder svg, double x, double y) {
    String[] labels = {"0", "25", "50", "75", "95+ %"};
    double[] at = {0.01, 0.25, 0.5, 0.75, 0.99};
    for (int i = 0; i < 5; i++) {
      svg.append("<rect x=\"")
          .append(num(x + i * 36))
          .append("\" y=\"")
          .append(num(y))
          .append("\" width=\"36\" height=\"10\" fill=\"")
          .append(i == 0 ? "#f4f6f9" : heat(at[i]))
          .append("\" stroke=\"#c9d0d8\" stroke-width=\"0.5\"/>");
      svg.append(text(x + i * 36 + 18, y + 22, labels[i], "middle", 10, TEXT));
    }
  }

  // ------------------------------------------------------------------ swimlanes

  /**
   * One workload's lane.
   *
   * @param label the workload
   * @param detail a short summary drawn under the label
   * @param colour the colour of its running pods
   * @param running running pods per interval
   * @param pending pending pods per interval
   * @param evictions the times of its evictions
   */
  record Lane(
      String label,
      String detail,
      String colour,
      double[] running,
      double[] pending,
      List<Double> evictions) {}

  /**
   * Swimlanes: per workload, its running pods (its colour) and pending pods (amber, above) over
   * time, each lane scaled to its own maximum, and red ticks where its pods were evicted.
   */
  static String lanes(List<Lane> lanes, double end, int width) {
    double left = 230;
    double right = 10;
    double laneHeight = 34;
    double top = 26;
    double pw = width - left - right;
    int height = (int) (top + lanes.size() * laneHeight + 24);
    StringBuilder svg = open(width, height, "Pods per workload over time");
    legend(
        svg,
        left,
        12,
        List.of(
            new Key("running", RUNNING, false),
            new Key("pending", PENDING, false),
            new Key("evicted", EVICTED, false)));
    timeAxis(svg, left, pw, top, top + lanes.size() * laneHeight, end, 12);
    double y0 = top;
    for (Lane lane : lanes) {
      double max = 1;
      for (int i = 0; i < lane.running().length; i++) {
        max = Math.max(max, lane.running()[i] + lane.pending()[i]);
      }
      double ph = laneHeight - 8;
      double base = y0 + laneHeight - 2;
      svg.append(line(left, base, left + pw, base, GRID, 1));
      svg.append(text(left - 8, y0 + 15, lane.label(), "end", 11, "#1f2a33", "600"));
      svg.append(
          text(
              left - 8,
              y0 + 28,
              lane.detail() + " · peak " + formatCount(Math.round(max)),
              "end",
              10,
              TEXT));
      double[] zero = new double[lane.running().length];
      svg.append(
          area(zero, lane.running(), left, base - ph, pw, ph, max, lane.colour(), "running"));
      svg.append(
          area(lane.running(), lane.pending(), left, base - ph, pw, ph, max, PENDING, "pending"));
      for (double t : lane.evictions()) {
        double x = left + pw * t / end;
        svg.append(line(x, base - ph, x, base, EVICTED, 1.5));
      }
      y0 += laneHeight;
    }
    return svg.append("</svg>").toString();
  }

  // ------------------------------------------------------------------ Gantt

  /**
   * One pod's bar: pending from creation to binding, running from binding to its end.
   *
   * @param label the pod
   * @param colour the running colour
   * @param created when it was created
   * @param bound when it was bound; NaN when never
   * @param ended when it completed or was evicted; NaN while running at the end
   * @param evicted whether it ended by eviction
   * @param tooltip what hovering the bar shows
   */
  record Bar(
      String label,
      String colour,
      double created,
      double bound,
      double ended,
      boolean evicted,
      String tooltip) {}

  /**
   * A Gantt chart, one row per pod: amber while pending, the pod's colour while running, a red
   * cross where it was evicted; a row without end runs (or waits) past the end of the simulation.
   */
  static String gantt(List<Bar> bars, double end, int width) {
    double left = 190;
    double right = 10;
    double rowHeight = 12;
    double top = 26;
    double pw = width - left - right;
    int height = (int) (top + bars.size() * rowHeight + 24);
    StringBuilder svg = open(width, height, "Placement timeline");
    legend(
        svg,
        left,
        12,
        List.of(
            new Key("pending", PENDING, false),
            new Key("running (colour of its workload)", RUNNING, false),
            new Key("evicted", EVICTED, false)));
    timeAxis(svg, left, pw, top, top + bars.size() * rowHeight, end, 12);
    double y = top;
    for (Bar b : bars) {
      double until = Double.isNaN(b.bound()) ? end : b.bound();
      double runEnd = Double.isNaN(b.ended()) ? end : b.ended();
      svg.append("<g><title>").append(esc(b.tooltip())).append("</title>");
      svg.append(text(left - 6, y + 9.5, b.label(), "end", 10, TEXT));
      if (until > b.created()) {
        rect(
            svg,
            left + pw * b.created() / end,
            y + 2,
            pw * (until - b.created()) / end,
            8,
            PENDING);
      }
      if (!Double.isNaN(b.bound())) {
        rect(
            svg,
            left + pw * b.bound() / end,
            y + 2,
            pw * (runEnd - b.bound()) / end,
            8,
            b.colour());
      }
      if (b.evicted()) {
        double x = left + pw * runEnd / end;
        svg.append(line(x - 3.5, y + 2.5, x + 3.5, y + 9.5, EVICTED, 2));
        svg.append(line(x - 3.5, y + 9.5, x + 3.5, y + 2.5, EVICTED, 2));
      }
      svg.append("</g>");
      y += rowHeight;
    }
    return svg.append("</svg>").toString();
  }

  private static void rect(StringBuilder svg, double x, double y, double w, double h, String fill) {
    svg.append("<rect x=\"")
        .append(num(x))
        .append("\" y=\"")
        .append(num(y))
        .append("\" width=\"")
        .append(num(Math.max(1, w)))
        .append("\" height=\"")
        .append(num(h))
        .append("\" fill=\"")
        .append(fill)
        .append("\"/>");
  }

  // ------------------------------------------------------------------ primitives

  /** A legend entry. */
  record Key(String name, String colour, boolean dashed) {}

  private static void legend(StringBuilder svg, double x, double y, List<Key> keys) {
    double at = x;
    for (Key k : keys) {
      svg.append("<line x1=\"")
          .append(num(at))
          .append("\" y1=\"")
          .append(num(y - 4))
          .append("\" x2=\"")
          .append(num(at + 18))
          .append("\" y2=\"")
          .append(num(y - 4))
          .append("\" stroke=\"")
          .append(k.colour())
          .append("\" stroke-width=\"")
          .append(k.dashed() ? 2 : 6)
          .append('"')
          .append(k.dashed() ? " stroke-dasharray=\"5 3\"" : "")
          .append("/>");
      svg.append(text(at + 23, y, k.name(), "start", 11, TEXT));
      at += 23 + 6.5 * k.name().length() + 18;
    }
  }

  private static StringBuilder open(int width, int height, String label) {
    return new StringBuilder(4096)
        .append("<svg class=\"chart\" width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height)
        .append("\" viewBox=\"0 0 ")
        .append(width)
        .append(' ')
        .append(height)
        .append("\" role=\"img\" aria-label=\"")
        .append(esc(label))
        .append("\">");
  }

  private static String line(
      double x1, double y1, double x2, double y2, String stroke, double width) {
    return "<line x1=\""
        + num(x1)
        + "\" y1=\""
        + num(y1)
        + "\" x2=\""
        + num(x2)
        + "\" y2=\""
        + num(y2)
        + "\" stroke=\""
        + stroke
        + "\" stroke-width=\""
        + num(width)
        + "\"/>";
  }

  private static String text(
      double x, double y, String text, String anchor, int size, String fill) {
    return text(x, y, text, anchor, size, fill, null);
  }

  private static String text(
      double x, double y, String text, String anchor, int size, String fill, String weight) {
    return "<text x=\""
        + num(x)
        + "\" y=\""
        + num(y)
        + "\" text-anchor=\""
        + anchor
        + "\" font-size=\""
        + size
        + "\" fill=\""
        + fill
        + "\""
        + (weight == null ? "" : " font-weight=\"" + weight + "\"")
        + ">"
        + esc(text)
        + "</text>";
  }
}
