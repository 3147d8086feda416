package io.schedkit.framework;

/** A plugin's verdict on whether a cluster event may make a rejected pod schedulable. */
public enum QueueingHint {
  /** The event may help: move the pod back towards the active queue. */
  QUEUE,
  /** The event cannot help this pod: leave it where it is. */
  QUEUE_SKIP
}
