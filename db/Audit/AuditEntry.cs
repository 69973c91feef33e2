using Prison.Db.Identity;

namespace Prison.Db.Audit;

/// <summary>
/// One line of the append-only audit log: who did what, when, about which prisoner, with the values before and
/// after for a change. Rows are only ever inserted: the database refuses updates and deletes (migration 006).
/// </summary>
/// <remarks>
/// The time, and the acting person when the entry does not name one, are stamped by <see cref="PrisonDb"/> as it
/// saves, from its clock and its <see cref="IAuditActor"/>: callers only say what happened.
/// </remarks>
public sealed class AuditEntry
{
    public const int MaxUserName = 256;
    public const int MaxSummary = 1000;
    public const int MaxRemoteAddress = 64;

    private AuditEntry()
    {
    }

    /// <summary>Time-ordered, so the newest-first order has a stable tie-breaker.</summary>
    public Guid Id { get; private set; } = Guid.CreateVersion7();

    public DateTime AtUtc { get; internal set; }

    /// <summary>The person (or process: "import", "worker") who acted.</summary>
    public string UserName { get; internal set; } = string.Empty;

    public AuditAction Action { get; private set; }

    public Guid? PrisonerId { get; private set; }

    public string? PrisonerNumber { get; private set; }

    /// <summary>What happened, in a line.</summary>
    public string Summary { get; private set; } = string.Empty;

    /// <summary>For a change: the changed values before it, as a JSON object of record parts and their values.</summary>
    public string? Before { get; private set; }

    /// <summary>For a change: the same values after it.</summary>
    public string? After { get; private set; }

    /// <summary>For a sign-in: where it came from.</summary>
    public string? RemoteAddress { get; private set; }

    public static AuditEntry SignedIn(string userName, string? remoteAddress) =>
        new() { Action = AuditAction.SignedIn, UserName = Clip(userName, MaxUserName), Summary = "Signed in", RemoteAddress = Address(remoteAddress) };

    /// <param name="userName">The name that was typed, whether or not such a user exists.</param>
    /// <param name="reason">Why it failed, e.g. "wrong password" or "locked out".</param>
    public static AuditEntry SignInFailed(string userName, string reason, string? remoteAddress = null) =>
        new() { Action = AuditAction.SignInFailed, UserName = Clip(userName, MaxUserName), Summary = Clip($"Sign-in failed: {reason}", MaxSummary), RemoteAddress = Address(remoteAddress) };

    public static AuditEntry PrisonerViewed(Guid prisonerId, string prisonerNumber) =>
        new() { Action = AuditAction.PrisonerViewed, PrisonerId = prisonerId, PrisonerNumber = prisonerNumber, Summary = "Viewed the prisoner page" };

    public static AuditEntry RuleEnabled(string ruleCode, string reason) =>
        new() { Action = AuditAction.RuleEnabled, Summary = Clip($"Enabled rule {ruleCode}: {reason}", MaxSummary), After = RuleState(ruleCode, true), Before = RuleState(ruleCode, false) };

    public static AuditEntry RuleDisabled(string ruleCode, string reason) =>
        new() { Action = AuditAction.RuleDisabled, Summary = Clip($"Disabled rule {ruleCode}: {reason}", MaxSummary), After = RuleState(ruleCode, false), Before = RuleState(ruleCode, true) };

    /// <summary>
    /// The prisons <paramref name="subject"/> works in were set to <paramref name="after"/>, and their sessions ended;
    /// <paramref name="before"/> is null for a user added with them.
    /// </summary>
    public static AuditEntry PrisonsAssigned(string subject, PrisonAccess? before, PrisonAccess after) =>
        new()
        {
            Action = AuditAction.PrisonsAssigned,
            Summary = Clip(
                before is null ? $"Gave the new user {subject} {Prisons(after)}" : $"Gave {subject} {Prisons(after)} (had {Prisons(before)}); their sessions ended",
                MaxSummary),
            Before = before is null ? null : PrisonsValue(before),
            After = PrisonsValue(after),
        };

    /// <summary>A change to one prisoner's record (see <see cref="RecordChanges"/>).</summary>
    internal static AuditEntry PrisonerChange(bool added, Guid prisonerId, string? prisonerNumber, string summary, string? before, string? after) =>
        new()
        {
            Action = added ? AuditAction.PrisonerAdded : AuditAction.PrisonerChanged,
            PrisonerId = prisonerId,
            PrisonerNumber = prisonerNumber,
            Summary = Clip(summary, MaxSummary),
            Before = before,
            After = after,
        };

    private static string Prisons(PrisonAccess access) =>
        access.AllPrisons || access.IsNone ? access.ToString() : access.PrisonCodes.Count == 1 ? $"the prison {access}" : $"the prisons {access}";

    private static string PrisonsValue(PrisonAccess access) =>
        System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, object>
        {
            ["Prisons"] = access.AllPrisons ? "all" : access.PrisonCodes,
        });

    private static string RuleState(string ruleCode, bool enabled) =>
        System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, object> { ["Rule"] = ruleCode, ["Enabled"] = enabled });

    private static string? Address(string? remoteAddress) => remoteAddress is null ? null : Clip(remoteAddress, MaxRemoteAddress);

    private static string Clip(string text, int length) => text.Length <= length ? text : text[..(length - 1)] + "…";
}
