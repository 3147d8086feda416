package io.schedkit.framework.model;

/**
 * The pods a controller creates ({@code v1.PodTemplateSpec}): the metadata (labels, annotations)
 * and the spec every pod of the controller starts from.
 *
 * @param metadata the pods' metadata; its name and namespace are not used; never null
 * @param spec the pods' spec; never null
 */
public record PodTemplateSpec(ObjectMeta metadata, PodSpec spec) {

  /**
   * Normalises nulls.
   *
   * @param metadata the pods' metadata; null for none
   * @param spec the pods' spec; null for an empty spec
   */
  public PodTemplateSpec {
    metadata = metadata == null ? ObjectMeta.empty() : metadata;
    spec = spec == null ? PodSpec.builder().build() : spec;
  }

  /**
   * Returns a template.
   *
   * @param metadata the pods' metadata
   * @param spec the pods' spec
   * @return the template
   */
  public static PodTemplateSpec of(ObjectMeta metadata, PodSpec spec) {
    return new PodTemplateSpec(metadata, spec);
  }
}
