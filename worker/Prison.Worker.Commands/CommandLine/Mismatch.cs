using Prison.Domain;
using Prison.Domain.Evaluation;

namespace Prison.Worker.CommandLine;

/// <summary>A stored flag that differs from what the rules say now.</summary>
internal sealed record Mismatch(Prisoner Prisoner, Verdict Fresh)
{
    public static bool Between(Prisoner stored, Verdict fresh) =>
        stored.DangerStatus != DangerStatus.Unknown
        && (stored.DangerStatus != fresh.Status || !stored.DangerReasons.SequenceEqual(fresh.FiredRules.Select(f => f.Code)));
}
