package io.schedkit.core.fuzz;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every input of {@code fuzz/regressions/<boundary>/} (test resources) against its boundary
 * with the fuzz oracle: inputs that once failed must now be accepted or rejected as declared. A
 * file is read as UTF-8, or as UTF-16BE when its name ends in {@code .utf16}.
 */
class RegressionReplayTest {

  @TestFactory
  Stream<DynamicTest> replay() throws IOException, URISyntaxException {
    URL url = getClass().getClassLoader().getResource("fuzz/regressions");
    if (url == null) {
      return Stream.empty();
    }
    Path root = Path.of(url.toURI());
    List<DynamicTest> tests = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
        String name = dir.getFileName().toString();
        Boundary b =
            Boundaries.named(name)
                .orElseThrow(() -> new IllegalStateException("no fuzz boundary " + name));
        try (Stream<Path> files = Files.list(dir)) {
          for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
            tests.add(
                DynamicTest.dynamicTest(
                    name + "/" + f.getFileName(),
                    () -> {
                      try (FuzzRunner runner = new FuzzRunner(FuzzTest.deadline())) {
                        FuzzRunner.Failure failure = runner.run(b, FuzzRunner.read(f));
                        assertNull(
                            failure, () -> failure.classKey() + "\n" + failure.description());
                      }
                    }));
          }
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return tests.stream();
  }
}
