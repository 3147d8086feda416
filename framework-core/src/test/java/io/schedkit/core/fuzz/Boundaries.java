package io.schedkit.core.fuzz;

import io.schedkit.core.codec.FieldValidation;
import io.schedkit.core.codec.KubeCodec;
import io.schedkit.core.codec.KubeDecodeException;
import io.schedkit.core.config.ConfigException;
import io.schedkit.core.config.ConfigFuzzTarget;
import io.schedkit.core.extender.ExtenderException;
import io.schedkit.core.extender.ExtenderReplyFuzzTarget;
import io.schedkit.core.leaderelection.LeaseCodec;
import io.schedkit.framework.model.Quantity;
import io.schedkit.framework.model.QuantityFormatException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/** Every input boundary of framework-core that reads outside text, with its seeds and oracle. */
final class Boundaries {
  private Boundaries() {}

  private static final KubeCodec STRICT = new KubeCodec();
  private static final KubeCodec IGNORE = new KubeCodec(FieldValidation.IGNORE);

  /** The source name the Kubernetes and configuration decoders are given. */
  static final String SOURCE = "fuzz-input";

  /** Paths whose subtrees are label and node selectors, affinity and spreading terms. */
  static final Predicate<String> SELECTORS =
      path -> {
        String p = path.toLowerCase(Locale.ROOT);
        return p.contains("selector")
            || p.contains("affinity")
            || p.contains("topologyspread")
            || p.contains("matchlabel")
            || p.contains("matchexpression");
      };

  private static volatile List<Boundary> all;

  /** The boundaries, in a fixed order; their weights add up to 100. */
  static List<Boundary> all() {
    List<Boundary> b = all;
    if (b == null) {
      b = build();
      all = b;
    }
    return b;
  }

  /** The boundary named {@code name}. */
  static Optional<Boundary> named(String name) {
    return all().stream().filter(b -> b.name().equals(name)).findFirst();
  }

  private static List<Boundary> build() {
    List<Seed> kube = Seed.load("kube", true);
    List<Seed> selectors =
        kube.stream()
            .filter(s -> s.text().contains("elector") || s.text().contains("ffinity"))
            .toList();
    Function<Throwable, String> kubeOracle =
        t -> Boundary.declared(t, KubeDecodeException.class, SOURCE + ":");
    Boundary.Target kubeTarget =
        input -> {
          KubeDecodeException rejected = null;
          try {
            STRICT.decode(input, SOURCE);
          } catch (KubeDecodeException e) {
            rejected = e;
          }
          if (input.length() % 4 == 0) {
            // A quarter of the inputs once more without field validation, which reaches
            // further into objects with unknown fields.
            IGNORE.decode(input, SOURCE);
          }
          if (rejected != null) {
            throw rejected;
          }
        };
    return List.of(
        new Boundary("kube", 28, structured(kube, null, false), kubeTarget, kubeOracle),
        new Boundary(
            "selector", 10, structured(selectors, SELECTORS, false), kubeTarget, kubeOracle),
        new Boundary(
            "quantity",
            15,
            scalar(Seed.load("quantity", false)),
            Quantity::parse,
            t -> Boundary.declared(t, QuantityFormatException.class, "quantity \"")),
        new Boundary(
            "config",
            15,
            structured(Seed.load("config", true), null, false),
            input -> ConfigFuzzTarget.decode(input, SOURCE),
            t -> Boundary.declared(t, ConfigException.class, SOURCE + ": ")),
        extender("filter", 6),
        extender("prioritize", 5),
        extender("bind", 3),
        extender("preempt", 6),
        lease("lease-record", LeaseCodec::fromJson),
        lease("lease-spec", LeaseCodec::fromLeaseSpecJson),
        lease("lease", LeaseCodec::fromLeaseJson));
  }

  private static Boundary extender(String verb, int weight) {
    String prefix = "decoding " + verb + " response";
    return new Boundary(
        "extender-" + verb,
        weight,
        structured(Seed.load("extender-" + verb, true), null, true),
        input -> ExtenderReplyFuzzTarget.decode(verb, input.getBytes(StandardCharsets.UTF_8)),
        t -> Boundary.declared(t, ExtenderException.class, prefix));
  }

  private static Boundary lease(String name, Function<String, ?> decode) {
    return new Boundary(
        name,
        4,
        structured(Seed.load(name, true), null, true),
        decode::apply,
        t -> Boundary.declared(t, IllegalArgumentException.class, ""));
  }

  private static Function<SplittableRandom, String> structured(
      List<Seed> seeds, Predicate<String> focus, boolean jsonOnly) {
    return rnd -> new Mutator(rnd, focus, jsonOnly).mutate(seeds.get(rnd.nextInt(seeds.size())));
  }

  private static Function<SplittableRandom, String> scalar(List<Seed> seeds) {
    return rnd ->
        new Mutator(rnd, null, false).mutateScalar(seeds.get(rnd.nextInt(seeds.size())).text());
  }
}
