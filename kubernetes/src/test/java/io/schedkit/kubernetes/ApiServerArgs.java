package io.schedkit.kubernetes;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Extra kube-apiserver flags for the server {@link RealApiServer} starts for the class. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ApiServerArgs {
  /**
   * The flags, for example {@code --watch-cache=false}.
   *
   * @return the flags
   */
  String[] value();
}
