/**
 * The schedkit test kit.
 *
 * <ul>
 *   <li>Fixtures: {@link io.schedkit.testing.Wrappers#makePod()}, {@link
 *       io.schedkit.testing.Wrappers#makeNode()}, {@link
 *       io.schedkit.testing.Wrappers#makeLabelSelector()} and {@link
 *       io.schedkit.testing.Wrappers#makeNodeSelector()}: lower-camel versions of kube-scheduler's
 *       {@code pkg/scheduler/testing/wrappers.go}, so upstream test tables port line by line.
 *   <li>Time: {@link io.schedkit.testing.FakeClock}.
 *   <li>Plugins: fakes that return what they are told ({@code FakeFilterPlugin}, {@code
 *       FakeScorePlugin}, ...), {@link io.schedkit.testing.RecordingPlugin} with a shared {@link
 *       io.schedkit.testing.CallLog} to assert the exact call sequence across plugins, and {@link
 *       io.schedkit.testing.PluginRegistries} to register instances.
 *   <li>Assertions: {@link io.schedkit.testing.SchedkitAssertions}, which also re-exports AssertJ's
 *       own {@code assertThat} methods.
 * </ul>
 */
package io.schedkit.testing;
