package io.schedkit.plugins.helper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.schedkit.framework.model.Node;
import io.schedkit.framework.model.Pod;
import io.schedkit.testing.Wrappers;
import org.junit.jupiter.api.Test;

final class ObjectChangeTest {

  @Test
  void of_typesBothVersions() {
    Node old = Wrappers.makeNode().name("a").obj();
    Node now = Wrappers.makeNode().name("b").obj();

    ObjectChange<Node> change = ObjectChange.of(Node.class, old, now);

    assertThat(change.oldObject()).isSameAs(old);
    assertThat(change.newObject()).isSameAs(now);
  }

  @Test
  void of_keepsMissingVersionsNull() {
    Pod p = Wrappers.makePod().name("p").obj();

    assertThat(ObjectChange.of(Pod.class, null, p).oldObject()).isNull();
    assertThat(ObjectChange.of(Pod.class, p, null).newObject()).isNull();
  }

  @Test
  void of_wrongType_throwsNamingTheVersion() {
    Node n = Wrappers.makeNode().name("a").obj();

    assertThatThrownBy(() -> ObjectChange.of(Node.class, "not-a-node", n))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected the old object to be a Node, got java.lang.String");
    assertThatThrownBy(() -> ObjectChange.of(Node.class, null, "not-a-node"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("new object");
  }
}
