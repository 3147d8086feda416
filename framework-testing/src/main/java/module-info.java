/**
 * What plugin authors test with: {@code makePod()}/{@code makeNode()} wrappers in kube-scheduler's
 * vocabulary, fake and recording plugins, a {@code FakeClock}, and AssertJ assertions for statuses
 * and node infos. Depends on the framework contract, the runtime (for the virtual clock) and
 * AssertJ, all re-exported so a test needs this module only.
 */
module io.schedkit.testing {
  requires transitive io.schedkit.framework;
  requires transitive io.schedkit.core;
  requires transitive org.assertj.core;

  exports io.schedkit.testing;
}
