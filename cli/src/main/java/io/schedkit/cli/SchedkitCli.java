package io.schedkit.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code schedkit} command line: the main class of {@code schedkit.jar}, which the {@code
 * ./schedkit} launcher runs. Its subcommands are {@code explain}, {@code simulate}, {@code demo},
 * {@code bench}, {@code run} and {@code snapshot}, plus {@code help}.
 *
 * <p>Exit codes, for every command: {@value #EXIT_OK} success; {@value #EXIT_NEGATIVE} the command
 * ran and its answer is negative (documented per command); {@value #EXIT_BAD_INPUT} bad usage or
 * bad input, with one message on stderr naming the file, the object and the field (never a stack
 * trace); {@value #EXIT_INTERNAL} internal error, with the stack trace only under {@code --debug}.
 * Answers go to stdout, warnings and errors to stderr.
 */
@Command(
    name = "schedkit",
    mixinStandardHelpOptions = true,
    versionProvider = SchedkitCli.Version.class,
    usageHelpAutoWidth = true,
    subcommands = {
      HelpCommand.class,
      ExplainCommand.class,
      SimulateCommand.class,
      DemoCommand.class,
      BenchCommand.class,
      RunCommand.class,
      SnapshotCommand.class
    },
    description = {
      "The Kubernetes scheduling framework on the JVM, with kube-scheduler v1.35 semantics:"
          + " explain and simulate scheduling decisions over real cluster dumps and"
          + " KubeSchedulerConfiguration files, without an API server; or schedule a live"
          + " cluster beside kube-scheduler (run, snapshot, explain --kubeconfig). New here? Run"
          + " 'schedkit demo'."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:the command ran and its answer is negative (see the command's help)",
      "2:bad usage or bad input",
      "3:internal error"
    })
public final class SchedkitCli implements Callable<Integer> {
  /** Success. */
  public static final int EXIT_OK = 0;

  /** The command ran and its answer is negative (for example a pod is unschedulable). */
  public static final int EXIT_NEGATIVE = 1;

  /** Bad usage or bad input. */
  public static final int EXIT_BAD_INPUT = 2;

  /** Internal error. */
  public static final int EXIT_INTERNAL = 3;

  @Spec private CommandSpec spec;

  @Option(
      names = "--debug",
      scope = ScopeType.INHERIT,
      description = "On an internal error, print the stack trace.")
  private boolean debug;

  /** Used by picocli. */
  public SchedkitCli() {}

  /**
   * Runs the command line and exits the JVM with its exit code.
   *
   * @param args the arguments
   */
  public static void main(String[] args) {
    // On a machine with 2 cores the common pool has parallelism 1, and then every *Async stage
    // without an executor (the JDK HTTP client's, under `run`) starts a new thread; give the pool
    // at least 2 workers, unless the user chose, before anything touches it.
    if (System.getProperty(COMMON_POOL_PARALLELISM) == null
        && Runtime.getRuntime().availableProcessors() <= 2) {
      System.setProperty(COMMON_POOL_PARALLELISM, "2");
    }
    System.exit(commandLine().execute(args));
  }

  private static final String COMMON_POOL_PARALLELISM =
      "java.util.concurrent.ForkJoinPool.common.parallelism";

  /**
   * Returns the command line, configured with schedkit's exit codes and error handling; tests
   * redirect its output with {@link CommandLine#setOut} and {@link CommandLine#setErr} and run it
   * with {@link CommandLine#execute}.
   *
   * @return a new command line
   */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new SchedkitCli());
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setExecutionExceptionHandler(SchedkitCli::handle);
    cl.setParameterExceptionHandler(SchedkitCli::usageError);
    return cl;
  }

  /** Without a subcommand: a usage error. */
  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "Missing required subcommand");
  }

  /** Bad usage: the message, suggestions for a mistyped name, and where to find help. */
  private static int usageError(ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    PrintWriter err = cmd.getErr();
    err.println(e.getMessage());
    UnmatchedArgumentException.printSuggestions(e, err);
    err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
    err.flush();
    return EXIT_BAD_INPUT;
  }

  private static int handle(Exception e, CommandLine cmd, ParseResult parseResult) {
    PrintWriter err = cmd.getErr();
    if (e instanceof InputException) {
      err.println(e.getMessage());
      err.flush();
      return EXIT_BAD_INPUT;
    }
    err.println("schedkit: internal error: " + e);
    if (debug(parseResult)) {
      e.printStackTrace(err);
    } else {
      err.println("(run again with --debug for the stack trace)");
    }
    err.flush();
    return EXIT_INTERNAL;
  }

  private static boolean debug(ParseResult parseResult) {
    for (ParseResult p = parseResult; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--debug")) {
        return true;
      }
    }
    return false;
  }

  /** The version line: schedkit's version and the kube-scheduler semantics it follows. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = new Properties();
      try (InputStream in = SchedkitCli.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {
        "schedkit " + p.getProperty("version", "(unknown version)"),
        "kube-scheduler v1.35 semantics; Java " + System.getProperty("java.version")
      };
    }
  }
}
