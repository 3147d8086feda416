package io.schedkit.cli;

import io.schedkit.core.codec.FieldValidation;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --validate=strict|warn|ignore}: what an unknown field of an input object is, as for {@code
 * kubectl}: an error (exit 2, the default), a warning on stderr, or nothing.
 */
final class ValidateOption {
  @Option(
      names = "--validate",
      paramLabel = "MODE",
      arity = "0..1",
      defaultValue = "strict",
      fallbackValue = "strict",
      converter = Converter.class,
      description =
          "Unknown fields of the input objects, as kubectl --validate: strict (an error naming"
              + " the field, exit 2; the default), warn (a warning on stderr) or ignore."
              + " Every field of the Kubernetes API is known, modelled by schedkit or not.")
  FieldValidation validation = FieldValidation.STRICT;

  /** Reads the option's value with {@link FieldValidation#parse}. */
  static final class Converter implements ITypeConverter<FieldValidation> {
    @Override
    public FieldValidation convert(String value) {
      try {
        return FieldValidation.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
