namespace Prison.Db.Events;

/// <summary>The kinds of event the triggers of migration 035 write, as its CHECK lists them (a test holds the two together).</summary>
public static class PrisonEventKinds
{
    public const string VerdictChanged = "verdict.changed";
    public const string VerdictCleared = "verdict.cleared";
    public const string StayArrived = "stay.arrived";
    public const string StayTransferred = "stay.transferred";
    public const string StayDeparted = "stay.departed";
    public const string StayReleased = "stay.released";
    public const string StayStruck = "stay.struck";
    public const string StayReopened = "stay.reopened";

    public static readonly IReadOnlyList<string> All =
        [VerdictChanged, VerdictCleared, StayArrived, StayTransferred, StayDeparted, StayReleased, StayStruck, StayReopened];

    public static bool IsVerdict(string kind) => kind.StartsWith("verdict.", StringComparison.Ordinal);
}
