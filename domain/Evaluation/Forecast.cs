namespace Prison.Domain.Evaluation;

/// <summary>
/// The first instant, within <see cref="Horizon"/> of an evaluation, at which the passing of time alone changes the
/// verdict's status over the same record and rule set: from what to what, and the rules that come (with their facts
/// then) or go (with their facts just before) at that instant.
/// </summary>
public sealed record Forecast(
    DateTime AtUtc,
    DangerStatus From,
    DangerStatus To,
    IReadOnlyList<FiredRule> Came,
    IReadOnlyList<FiredRule> Went)
{
    /// <summary>How far ahead the worker looks; a page may show any part of it.</summary>
    public const int HorizonDays = 30;

    public static TimeSpan Horizon { get; } = TimeSpan.FromDays(HorizonDays);
}
