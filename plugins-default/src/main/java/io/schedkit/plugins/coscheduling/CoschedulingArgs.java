package io.schedkit.plugins.coscheduling;

import io.schedkit.framework.PluginArgs;
import java.util.ArrayList;
import java.util.List;

/**
 * The args of the Coscheduling plugin ({@code CoschedulingArgs} of
 * kubernetes-sigs/scheduler-plugins, {@code kubescheduler.config.k8s.io/v1}).
 *
 * <p>Defaults ({@link #defaults()}): wait 60 s at Permit, deny a failed group for 20 s, reject a
 * group at PostFilter unless at most 10 % of its {@code minMember} is missing. The denial default
 * differs from upstream on purpose: upstream's {@code podGroupBackoffSeconds} defaults to 0 (no
 * memo), its older {@code deniedPGExpirationTimeSeconds} defaulted to 20 s; schedkit keeps the memo
 * on by default because it is what stops two gangs from re-grabbing the same nodes in turn. Set it
 * to 0 to disable it.
 *
 * @param permitWaitingTimeSeconds how long a gang member waits at Permit for its siblings when its
 *     PodGroup sets no {@code scheduleTimeoutSeconds}; 0 means 60
 * @param podGroupBackoffSeconds how long a failed group stays denied (its pods rejected at
 *     PreFilter with {@code podGroup <ns>/<name> failed recently}); 0 disables the memo
 * @param podGroupRejectPercentage PostFilter rejects the group's waiting pods only when more than
 *     this percentage of {@code minMember} is still unassigned; 0 to 100
 */
public record CoschedulingArgs(
    long permitWaitingTimeSeconds, long podGroupBackoffSeconds, int podGroupRejectPercentage)
    implements PluginArgs {

  /** The Permit wait when neither the PodGroup nor the args set one. */
  public static final long DEFAULT_PERMIT_WAITING_TIME_SECONDS = 60;

  /**
   * Returns the defaults: 60 s Permit wait, 20 s denial, 10 % reject threshold.
   *
   * @return the default args
   */
  public static CoschedulingArgs defaults() {
    return new CoschedulingArgs(DEFAULT_PERMIT_WAITING_TIME_SECONDS, 20, 10);
  }

  /**
   * Checks the args as upstream's {@code ValidateCoschedulingArgs}, with its wording.
   *
   * @return the problems; empty when valid
   */
  @Override
  public List<FieldError> validate() {
    List<FieldError> errs = new ArrayList<>();
    if (permitWaitingTimeSeconds < 0) {
      errs.add(
          FieldError.invalid(
              "permitWaitingTimeSeconds", permitWaitingTimeSeconds, "must be greater than 0"));
    }
    if (podGroupBackoffSeconds < 0) {
      errs.add(
          FieldError.invalid(
              "podGroupBackoffSeconds", podGroupBackoffSeconds, "must be greater than 0"));
    }
    if (podGroupRejectPercentage < 0 || podGroupRejectPercentage > 100) {
      errs.add(
          FieldError.invalid(
              "podGroupRejectPercentage", podGroupRejectPercentage, "must be between 0 and 100"));
    }
    return errs;
  }
}
