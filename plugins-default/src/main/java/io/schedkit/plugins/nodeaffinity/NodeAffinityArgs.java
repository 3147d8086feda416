package io.schedkit.plugins.nodeaffinity;

import io.schedkit.framework.PluginArgs;
import io.schedkit.framework.model.NodeAffinity;
import io.schedkit.framework.model.NodeSelectorRequirement;
import io.schedkit.framework.model.NodeSelectorTerm;
import io.schedkit.framework.model.PreferredSchedulingTerm;
import java.util.ArrayList;
import java.util.List;

/**
 * The args of the NodeAffinity plugin ({@code NodeAffinityArgs}): node affinity the scheduler adds
 * to every pod of the profile.
 *
 * <p>Defaults ({@link #defaults()}): none.
 *
 * @param addedAffinity the affinity added to every pod; its required part filters ({@code node(s)
 *     didn't match scheduler-enforced node affinity}), its preferred terms add to the score; null
 *     when unset
 */
public record NodeAffinityArgs(NodeAffinity addedAffinity) implements PluginArgs {

  /**
   * Returns upstream's defaults: no added affinity.
   *
   * @return the default args
   */
  public static NodeAffinityArgs defaults() {
    return new NodeAffinityArgs(null);
  }

  /**
   * Checks the args as upstream's {@code ValidateNodeAffinityArgs}: every non-empty term of the
   * added affinity must parse (valid label keys and values, values fitting the operator; field
   * requirements with one value and {@code In} or {@code NotIn}). Preferred terms with weight 0 are
   * skipped, and, as upstream, their errors are reported at the term's index rather than under
   * {@code preference}.
   *
   * @return the problems; empty when valid
   */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errs = new ArrayList<>();
    if (addedAffinity == null) {
      return errs;
    }
    if (addedAffinity.required() != null) {
      String path =
          "addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms";
      List<NodeSelectorTerm> terms = addedAffinity.required().nodeSelectorTerms();
      for (int i = 0; i < terms.size(); i++) {
        term(terms.get(i), path + "[" + i + "]", errs);
      }
    }
    List<PreferredSchedulingTerm> preferred = addedAffinity.preferred();
    for (int i = 0; i < preferred.size(); i++) {
      PreferredSchedulingTerm t = preferred.get(i);
      if (t.weight() != 0) {
        term(
            t.preference(),
            "addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[" + i + "]",
            errs);
      }
    }
    return errs;
  }

  private static void term(NodeSelectorTerm term, String path, List<FieldError> errs) {
    List<NodeSelectorRequirement> exprs = term.matchExpressions();
    for (int i = 0; i < exprs.size(); i++) {
      expression(exprs.get(i), path + ".matchExpressions[" + i + "]", errs);
    }
    List<NodeSelectorRequirement> fields = term.matchFields();
    for (int i = 0; i < fields.size(); i++) {
      NodeSelectorRequirement r = fields.get(i);
      String p = path + ".matchFields[" + i + "]";
      switch (r.operator()) {
        case IN, NOT_IN -> {
          if (r.values().size() != 1) {
            errs.add(FieldError.invalid(p + ".values", r.values(), "must have one element"));
          }
        }
        default ->
            errs.add(
                FieldError.notSupported(
                    p + ".operator", r.operator().wireName(), List.of("In", "NotIn")));
      }
    }
  }

  /** The checks of upstream's {@code labels.NewRequirement}, with its wording. */
  private static void expression(NodeSelectorRequirement r, String path, List<FieldError> errs) {
    List<String> keyProblems = FieldError.qualifiedNameProblems(r.key());
    if (!keyProblems.isEmpty()) {
      errs.add(FieldError.invalid(path + ".key", r.key(), String.join("; ", keyProblems)));
    }
    List<String> values = r.values();
    String valuesPath = path + ".values";
    switch (r.operator()) {
      case IN, NOT_IN -> {
        if (values.isEmpty()) {
          errs.add(
              FieldError.invalid(
                  valuesPath, values, "for 'in', 'notin' operators, values set can't be empty"));
        }
      }
      case EXISTS, DOES_NOT_EXIST -> {
        if (!values.isEmpty()) {
          errs.add(
              FieldError.invalid(
                  valuesPath, values, "values set must be empty for exists and does not exist"));
        }
      }
      case GT, LT -> {
        if (values.size() != 1) {
          errs.add(
              FieldError.invalid(
                  valuesPath, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
        }
        for (int i = 0; i < values.size(); i++) {
          if (!isInt64(values.get(i))) {
            errs.add(
                FieldError.invalid(
                    valuesPath + "[" + i + "]",
                    values.get(i),
                    "for 'Gt', 'Lt' operators, the value must be an integer"));
          }
        }
      }
    }
    for (int i = 0; i < values.size(); i++) {
      List<String> problems = FieldError.labelValueProblems(values.get(i));
      if (!problems.isEmpty()) {
        errs.add(
            FieldError.invalid(
                valuesPath + "[" + i + "][" + r.key() + "]",
                values.get(i),
                String.join("; ", problems)));
      }
    }
  }

  private static boolean isInt64(String s) {
    try {
      Long.parseLong(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
