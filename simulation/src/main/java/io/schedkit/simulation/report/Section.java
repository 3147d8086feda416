package io.schedkit.simulation.report;

/** A part of the report page, written from the recorded data; the page composes them in order. */
abstract class Section {
  /** The section's anchor; null for a part the navigation does not link to. */
  final String id;

  /** The section's link text in the navigation. */
  final String link;

  final ReportData data;
  final PageWriter html;

  Section(String id, String link, ReportData data, PageWriter html) {
    this.id = id;
    this.link = link;
    this.data = data;
    this.html = html;
  }

  /** Writes the section onto the page. */
  abstract void render();
}
