package io.schedkit.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.schedkit.core.codec.DecodeResult;
import io.schedkit.core.codec.FieldValidation;
import io.schedkit.core.codec.KubeCodec;
import io.schedkit.framework.model.KubeObject;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a fabric8 object into schedkit's model through the one mapping schedkit has: the object is
 * written as the JSON the API server sent (fabric8's serialization) and read by {@link KubeCodec},
 * exactly as {@code kubectl get -o json} output would be. Nothing here knows a field of a Pod.
 *
 * <p>An object the codec rejects (an unparsable quantity, a missing name) is logged with the
 * codec's message, which names the object and the field, and skipped: it cannot be scheduled, and
 * it must not corrupt the scheduler's cache.
 */
final class ObjectConversion {
  private static final Logger LOG = LoggerFactory.getLogger(ObjectConversion.class);

  private final KubernetesSerialization serialization;
  // A live server may send fields newer than the codec's schema: they are not typos here.
  private final KubeCodec codec = new KubeCodec(FieldValidation.IGNORE);

  ObjectConversion(KubernetesSerialization serialization) {
    this.serialization = serialization;
  }

  /**
   * The model object of {@code object}, or empty when the codec rejects it or does not know its
   * kind (both logged).
   *
   * @param object the object from an informer
   * @param kind the kind to set when the object lacks one (lists omit their items' kind)
   * @return the model object
   */
  Optional<KubeObject> convert(HasMetadata object, String kind) {
    String json = serialization.asJson(object);
    if (object.getKind() == null || object.getKind().isEmpty()) {
      json = "{\"kind\":\"" + kind + "\"," + json.substring(1);
    }
    String source = "API server " + kind;
    try {
      DecodeResult r = codec.decode(json, source);
      if (r.objects().size() != 1) {
        LOG.warn("{}: skipped {}: {}", source, name(object), r.warnings());
        return Optional.empty();
      }
      return Optional.of(r.objects().get(0));
    } catch (RuntimeException e) {
      LOG.warn("skipped {} {}: {}", kind, name(object), e.getMessage());
      return Optional.empty();
    }
  }

  private static String name(HasMetadata o) {
    String ns = o.getMetadata() == null ? null : o.getMetadata().getNamespace();
    String n = o.getMetadata() == null ? null : o.getMetadata().getName();
    return ns == null || ns.isEmpty() ? String.valueOf(n) : ns + "/" + n;
  }
}
