package io.schedkit.core.codec;

import io.schedkit.framework.model.KubeObject;
import java.util.List;

/**
 * What {@link KubeCodec#decode(String, String)} read from one document: the objects of the kinds
 * schedkit understands, in file order, and one warning per object of another kind that was skipped
 * (and, with {@link FieldValidation#WARN}, one per unknown field).
 *
 * @param objects the decoded objects, in the order they appear
 * @param warnings messages about skipped objects, such as {@code cluster.yaml: ignoring object of
 *     unknown kind ConfigMap default/settings}, and about unknown fields, such as {@code pod.yaml:
 *     Pod default/web: unknown field "spec.nodeSelectr"}
 */
public record DecodeResult(List<KubeObject> objects, List<String> warnings) {

  /**
   * Copies the lists.
   *
   * @param objects the decoded objects, in the order they appear
   * @param warnings messages about skipped objects and unknown fields
   */
  public DecodeResult {
    objects = List.copyOf(objects);
    warnings = List.copyOf(warnings);
  }

  /**
   * Returns the decoded objects of one type, in file order.
   *
   * @param type the model type, for example {@code Pod.class}
   * @param <T> the model type
   * @return the objects of that type
   */
  public <T extends KubeObject> List<T> objectsOf(Class<T> type) {
    return objects.stream().filter(type::isInstance).map(type::cast).toList();
  }
}
