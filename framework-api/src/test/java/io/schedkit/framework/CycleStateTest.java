package io.schedkit.framework;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

final class CycleStateTest {
  private static final class Counter implements StateData {
    int value;

    Counter(int value) {
      this.value = value;
    }

    @Override
    public StateData copy() {
      return new Counter(value);
    }
  }

  private record ReadOnly(String s) implements StateData {}

  private static final StateKey<Counter> COUNTER = StateKey.of("PreFilterCounter");
  private static final StateKey<ReadOnly> READ_ONLY = StateKey.of("PreScoreReadOnly");

  @Test
  void read_missingKey_throws() {
    assertThatThrownBy(() -> new CycleState().read(COUNTER))
        .isInstanceOf(NoSuchElementException.class)
        .hasMessage("no cycle state under key PreFilterCounter");
    assertThat(new CycleState().find(COUNTER)).isEmpty();
    assertThat(new CycleState().readOrNull(COUNTER)).isNull();
  }

  @Test
  void readOrNull_givesWhatWasWritten_andNullAfterDelete() {
    CycleState state = new CycleState();
    Counter c = new Counter(3);
    state.write(COUNTER, c);
    assertThat(state.readOrNull(COUNTER)).isSameAs(c).isSameAs(state.read(COUNTER));
    assertThat(state.readOrNull(READ_ONLY)).isNull();
    state.delete(COUNTER);
    assertThat(state.readOrNull(COUNTER)).isNull();
  }

  @Test
  void copy_deepCopiesMutableState_andSharesReadOnlyState() {
    CycleState state = new CycleState();
    state.write(COUNTER, new Counter(1));
    ReadOnly ro = new ReadOnly("x");
    state.write(READ_ONLY, ro);
    state.setSkipFilterPlugins(List.of("A"));
    CycleState copy = state.copy();
    copy.read(COUNTER).value = 5;
    assertThat(state.read(COUNTER).value).isEqualTo(1);
    assertThat(copy.read(READ_ONLY)).isSameAs(ro);
    assertThat(copy.skipFilterPlugins()).containsExactly("A");
  }

  @Test
  void keys_equalByName() {
    assertThat(StateKey.<Counter>of("k")).isEqualTo(StateKey.<Counter>of("k"));
  }
}
