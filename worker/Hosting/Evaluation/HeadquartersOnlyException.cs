namespace Prison.Hosting.Evaluation;

/// <summary>An act on the whole installation asked by someone who reaches only some prisons: refused, and audited as refused.</summary>
public sealed class HeadquartersOnlyException(string message) : Exception(message);
