/**
 * Reading Kubernetes-shaped JSON trees, shared by the object codec and the configuration decoder:
 * typed access with field paths in every error ({@code Json}, {@code FieldException}) and the
 * reader of the model's types ({@code ModelReader}). Not exported: an implementation detail of the
 * two decoders.
 */
package io.schedkit.core.codec.tree;
