using Prison.Db.Identity;
using Prison.Domain;

namespace Prison.Db.Audit;

/// <summary>
/// One line of the append-only audit log: who did what, when, about which prisoner or which user, with the values
/// before and after for a change. Rows are only ever inserted: the database refuses updates and deletes (migration 006).
/// </summary>
/// <remarks>
/// The time, and the acting person when the entry does not name one, are stamped by <see cref="PrisonDb"/> as it
/// saves, from its clock and its <see cref="IAuditActor"/>: callers only say what happened. On PostgreSQL, a role that
/// may not alter the log (each process's own) has the time replaced with the database's as the row is inserted (migration 030).
/// </remarks>
public sealed class AuditEntry
{
    public const int MaxUserName = 256;
    public const int MaxSummary = 1000;
    public const int MaxRemoteAddress = 64;

    private readonly List<AuditEntryPrison> prisons = [];

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

    /// <summary>
    /// Where the act came from: the client's address for a request, "command line on HOST" or the machine for a process.
    /// Stamped by <see cref="PrisonDb"/> from its <see cref="IAuditActor"/>, as the time is: callers never give it.
    /// </summary>
    public string? RemoteAddress { get; internal set; }

    /// <summary>For an act on a user (added, given roles, disabled...): whom it was done to. <see cref="UserName"/> is who did it.</summary>
    public string? SubjectUserName { get; private set; }

    /// <summary>
    /// The prisons an entry about no prisoner concerns (migration 028): an admin limited to prisons reads it only when
    /// there is at least one and every one is theirs. Stamped by <see cref="PrisonDb"/> with the acting user's prisons
    /// unless the entry says them (<see cref="Concerning"/>); none for headquarters and processes.
    /// </summary>
    public IReadOnlyCollection<AuditEntryPrison> Prisons => prisons;

    /// <summary>Whether the entry says which prisons it concerns, none included: <see cref="PrisonDb"/> then leaves them.</summary>
    internal bool PrisonsStated { get; private set; }

    /// <summary>Says the prisons this entry concerns, in place of the acting user's; an empty list makes it headquarters' alone.</summary>
    public AuditEntry Concerning(IEnumerable<int> prisonIds)
    {
        PrisonsStated = true;
        prisons.AddRange(prisonIds.Distinct().Where(id => prisons.All(p => p.PrisonId != id)).Select(id => new AuditEntryPrison(Id, id)));
        return this;
    }

    /// <param name="how">How the sign-in was proved, when more than a password: "with an authenticator code".</param>
    public static AuditEntry SignedIn(string userName, string? how = null) =>
        new() { Action = AuditAction.SignedIn, UserName = Clip(userName, MaxUserName), Summary = how is null ? "Signed in" : Clip($"Signed in {how}", MaxSummary) };

    /// <param name="account">
    /// The account the typed name names, as the account spells it; null when no account has that name: the name is
    /// then not recorded, only its length, since it is often a password typed into the wrong field.
    /// </param>
    /// <param name="typedLength">How many characters were typed as the name.</param>
    /// <param name="reason">Why it failed, e.g. "wrong password" or "locked out".</param>
    public static AuditEntry SignInFailed(string? account, int typedLength, string reason) =>
        new()
        {
            Action = AuditAction.SignInFailed,
            UserName = Clip(account ?? AuditActor.Anonymous, MaxUserName),
            Summary = Clip(account is null ? $"Sign-in failed: {reason}; a name no account has ({Count(typedLength, "character")}), not recorded" : $"Sign-in failed: {reason}", MaxSummary),
        };

    public static AuditEntry SignedOut() => new() { Action = AuditAction.SignedOut, Summary = "Signed out" };

    public static AuditEntry PrisonerViewed(Guid prisonerId, string prisonerNumber) =>
        new() { Action = AuditAction.PrisonerViewed, PrisonerId = prisonerId, PrisonerNumber = prisonerNumber, Summary = "Viewed the prisoner page" };

    /// <summary>A prisoner's verdict read by another system through the API (the actor names the client).</summary>
    public static AuditEntry VerdictRead(Guid prisonerId, string prisonerNumber) =>
        new() { Action = AuditAction.PrisonerViewed, PrisonerId = prisonerId, PrisonerNumber = prisonerNumber, Summary = "Read the verdict through the API" };

    /// <param name="terms">The text searched for, as the search read it.</param>
    /// <param name="found">How many prisoners the page listed.</param>
    public static AuditEntry Searched(string terms, int found) =>
        new() { Action = AuditAction.PrisonersSearched, Summary = Clip($"Searched for \"{terms}\": {Count(found, "prisoner")} listed", MaxSummary) };

    /// <param name="list">Which list, in words: "the Dangerous prisoners at RNDC".</param>
    /// <param name="firstPage">False for a later page of the list.</param>
    /// <param name="shown">How many prisoners the page listed.</param>
    public static AuditEntry PrisonersListed(string list, bool firstPage, int shown) =>
        new() { Action = AuditAction.PrisonersListed, Summary = Clip($"Listed {list}{(firstPage ? string.Empty : ", a later page")}: {Count(shown, "prisoner")} shown", MaxSummary) };

    /// <param name="prisonCode">The prison whose dashboard was opened.</param>
    /// <param name="shown">How many arrivals it showed.</param>
    public static AuditEntry DashboardViewed(string prisonCode, int shown) =>
        new() { Action = AuditAction.DashboardViewed, Summary = Clip($"Opened the dashboard of {prisonCode}: {Count(shown, "arrival")} shown", MaxSummary) };

    /// <param name="span">The span read, in words, with the prison: "RNDC from … to …".</param>
    /// <param name="shown">How many changes of verdict the page showed.</param>
    public static AuditEntry ShiftChangesViewed(string span, int shown) =>
        new() { Action = AuditAction.ShiftChangesViewed, Summary = Clip($"Read since last shift at {span}: {Count(shown, "change")} shown", MaxSummary) };

    /// <summary>A download about to send its first row: written before it, so that no row leaves unaudited.</summary>
    /// <param name="list">Which list, in words, with the prison: "the Dangerous prisoners at RNDC".</param>
    public static AuditEntry ListDownloadBegun(string list) =>
        new() { Action = AuditAction.ListDownloaded, Summary = Clip($"Began downloading {list} as a CSV file", MaxSummary) };

    /// <param name="list">Which list, in words, with the prison: "the Dangerous prisoners at RNDC".</param>
    /// <param name="rows">How many rows of prisoners the file held when it ended.</param>
    /// <param name="complete">False when the download broke off (the client went away, or the read failed): <paramref name="rows"/> were sent.</param>
    public static AuditEntry ListDownloaded(string list, int rows, bool complete) =>
        new()
        {
            Action = AuditAction.ListDownloaded,
            Summary = Clip($"Downloaded {list} as a CSV file: {Count(rows, "row")}{(complete ? string.Empty : " sent before the download broke off")}", MaxSummary),
        };

    /// <summary>
    /// A page or poll answered 404 because what it asked for is beyond the user's prisons: a probe, or a page left open
    /// on a prisoner since moved. Names the prisoner when it was one, so the prisoner filter finds who asked about them.
    /// </summary>
    /// <param name="what">What was asked: the method, path and query, and the prison when it was one.</param>
    public static AuditEntry OutOfReach(string what, Guid? prisonerId = null, string? prisonerNumber = null) =>
        new() { Action = AuditAction.OutOfReach, PrisonerId = prisonerId, PrisonerNumber = prisonerNumber, Summary = Clip($"Refused, beyond the user's prisons: {what}", MaxSummary) };

    /// <param name="what">The job and how it was asked for: "Started a full re-evaluation from the operations page".</param>
    public static AuditEntry JobRun(string what) =>
        new AuditEntry { Action = AuditAction.JobRun, Summary = Clip(what, MaxSummary) }.Concerning([]);

    public static AuditEntry RuleEnabled(string ruleCode, string reason) =>
        new() { Action = AuditAction.RuleEnabled, Summary = Clip($"Enabled rule {ruleCode}: {reason}", MaxSummary), After = RuleState(ruleCode, true), Before = RuleState(ruleCode, false) };

    public static AuditEntry RuleDisabled(string ruleCode, string reason) =>
        new() { Action = AuditAction.RuleDisabled, Summary = Clip($"Disabled rule {ruleCode}: {reason}", MaxSummary), After = RuleState(ruleCode, false), Before = RuleState(ruleCode, true) };

    /// <param name="rules">The rule classes the file holds, read from its metadata without running it, separated by commas.</param>
    public static AuditEntry RuleAssemblyApproved(string fileName, string sha256, string rules) =>
        new()
        {
            Action = AuditAction.RuleAssemblyApproved,
            Summary = Clip($"Approved the rules assembly {fileName} (SHA-256 {sha256}) with the rule(s) {(rules.Length == 0 ? "none" : rules)}; web and worker load it at their next start", MaxSummary),
            Before = AssemblyState(fileName, sha256, false),
            After = AssemblyState(fileName, sha256, true),
        };

    public static AuditEntry RuleAssemblyRevoked(string fileName, string sha256) =>
        new()
        {
            Action = AuditAction.RuleAssemblyRevoked,
            Summary = Clip($"Revoked the approval of the rules assembly {fileName} (SHA-256 {sha256}); web and worker leave it out from their next start", MaxSummary),
            Before = AssemblyState(fileName, sha256, true),
            After = AssemblyState(fileName, sha256, false),
        };

    /// <param name="prisons">The prisons they work in from the start: one act, one entry.</param>
    public static AuditEntry UserAdded(string subject, IReadOnlyCollection<string> roles, PrisonAccess prisons) =>
        AboutUser(
            AuditAction.UserAdded,
            subject,
            $"Added the user {subject} with the role(s) {string.Join(", ", roles)}" + (prisons.IsNone ? string.Empty : $", working in {PrisonsInWords(prisons)}"),
            null,
            System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, object> { ["Roles"] = roles, ["Prisons"] = PrisonsValueOf(prisons) }));

    public static AuditEntry UserRolesChanged(string subject, IReadOnlyCollection<string> before, IReadOnlyCollection<string> after) =>
        AboutUser(AuditAction.UserRolesChanged, subject, $"Gave {subject} the role(s) {string.Join(", ", after)} (had {string.Join(", ", before)}); their sessions ended", Values("Roles", before), Values("Roles", after));

    public static AuditEntry UserDisabled(string subject) =>
        AboutUser(AuditAction.UserDisabled, subject, $"Disabled {subject}; their sessions ended", Values("Disabled", false), Values("Disabled", true));

    public static AuditEntry UserEnabled(string subject) =>
        AboutUser(AuditAction.UserEnabled, subject, $"Enabled {subject}", Values("Disabled", true), Values("Disabled", false));

    /// <remarks>Nothing of the password is recorded, not even its length.</remarks>
    public static AuditEntry PasswordReset(string subject) =>
        AboutUser(AuditAction.PasswordReset, subject, $"Reset the password of {subject}; a lockout lifted, their sessions ended", null, null);

    public static AuditEntry PasswordChanged(string subject) =>
        AboutUser(AuditAction.PasswordChanged, subject, "Changed their own password; their other sessions ended", null, null);

    /// <param name="why">Why it was refused: "wrong current password; the account is locked".</param>
    public static AuditEntry PasswordChangeRefused(string subject, string why) =>
        AboutUser(AuditAction.PasswordChangeRefused, subject, $"A change of their own password refused: {why}", null, null);

    /// <param name="act">What the password was to confirm: "turn on two-factor sign-in".</param>
    /// <param name="why">Why it was refused: "wrong password; the account is locked, its sessions ended".</param>
    public static AuditEntry OwnPasswordRefused(string subject, string act, string why) =>
        AboutUser(AuditAction.OwnPasswordRefused, subject, $"Their password, to {act}, refused: {why}", null, null);

    public static AuditEntry TwoFactorEnrolled(string subject) =>
        AboutUser(AuditAction.TwoFactorEnrolled, subject, "Turned on two-factor sign-in with an authenticator app; new recovery codes made", Values("TwoFactor", false), Values("TwoFactor", true));

    /// <param name="ownAccount">False when an admin or the command line reset someone else's.</param>
    public static AuditEntry TwoFactorReset(string subject, bool ownAccount) =>
        AboutUser(
            AuditAction.TwoFactorReset,
            subject,
            ownAccount ? "Turned off their own two-factor sign-in; the authenticator key is replaced" : $"Reset the two-factor sign-in of {subject}: turned off, the authenticator key replaced",
            Values("TwoFactor", true),
            Values("TwoFactor", false));

    /// <param name="subject">The user the refused act was about, when it was about one.</param>
    /// <param name="what">What was asked and why it was refused: "disable their own account".</param>
    public static AuditEntry Refused(string? subject, string what) =>
        new() { Action = AuditAction.Refused, SubjectUserName = subject is null ? null : Clip(subject, MaxUserName), Summary = Clip($"Refused: {what}", MaxSummary) };

    /// <param name="filters">The filters the log was read with, in words ("user alice, page 2"); empty for none.</param>
    public static AuditEntry AuditViewed(string filters) =>
        new() { Action = AuditAction.AuditViewed, Summary = Clip(filters.Length == 0 ? "Read the audit log" : $"Read the audit log: {filters}", MaxSummary) };

    /// <summary>The prisons <paramref name="subject"/> works in were set to <paramref name="after"/>, and their sessions ended.</summary>
    public static AuditEntry PrisonsAssigned(string subject, PrisonAccess before, PrisonAccess after) =>
        AboutUser(
            AuditAction.PrisonsAssigned,
            subject,
            $"Gave {subject} {PrisonsInWords(after)} (had {PrisonsInWords(before)}); their sessions ended",
            Values("Prisons", PrisonsValueOf(before)),
            Values("Prisons", PrisonsValueOf(after)));

    public static AuditEntry ApiClientAdded(string client, IReadOnlyCollection<string> scopes, PrisonAccess prisons) =>
        AboutUser(
            AuditAction.ApiClientAdded,
            Api.ApiClientRegistry.ActorNameOf(client),
            $"Added the API client {client} with the scope(s) {string.Join(", ", scopes)}, reaching {PrisonsInWords(prisons)}",
            null,
            System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, object> { ["Scopes"] = scopes, ["Prisons"] = PrisonsValueOf(prisons) }));

    /// <remarks>Nothing of either secret is recorded.</remarks>
    public static AuditEntry ApiClientSecretRotated(string client) =>
        AboutUser(AuditAction.ApiClientSecretRotated, Api.ApiClientRegistry.ActorNameOf(client), $"Gave the API client {client} a new secret; its tokens were refused from then on", null, null);

    public static AuditEntry ApiClientDisabled(string client) =>
        AboutUser(AuditAction.ApiClientDisabled, Api.ApiClientRegistry.ActorNameOf(client), $"Disabled the API client {client}; its tokens were refused from then on", Values("Disabled", false), Values("Disabled", true));

    public static AuditEntry ApiClientEnabled(string client) =>
        AboutUser(AuditAction.ApiClientEnabled, Api.ApiClientRegistry.ActorNameOf(client), $"Enabled the API client {client}", Values("Disabled", true), Values("Disabled", false));

    public static AuditEntry ApiClientDeleted(string client) =>
        AboutUser(AuditAction.ApiClientDeleted, Api.ApiClientRegistry.ActorNameOf(client), $"Deleted the API client {client}", Values("Deleted", false), Values("Deleted", true));

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

    private static AuditEntry AboutUser(AuditAction action, string subject, string summary, string? before, string? after) =>
        new() { Action = action, SubjectUserName = Clip(subject, MaxUserName), Summary = Clip(summary, MaxSummary), Before = before, After = after };

    private static string Values(string field, object value) =>
        System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, object> { [field] = value });

    private static string PrisonsInWords(PrisonAccess access) =>
        access.AllPrisons || access.IsNone ? access.ToString() : access.PrisonCodes.Count == 1 ? $"the prison {access}" : $"the prisons {access}";

    private static object PrisonsValueOf(PrisonAccess access) => access.AllPrisons ? "all" : access.PrisonCodes;

    private static string RuleState(string ruleCode, bool enabled) =>
        System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, object> { ["Rule"] = ruleCode, ["Enabled"] = enabled });

    /// <summary>An address as the column holds it: a longer one (no IP address is) is cut.</summary>
    internal static string? Address(string? remoteAddress) => remoteAddress is null ? null : Clip(remoteAddress, MaxRemoteAddress);

    private static string AssemblyState(string fileName, string sha256, bool approved) =>
        System.Text.Json.JsonSerializer.Serialize(new Dictionary<string, object> { ["Assembly"] = fileName, ["Sha256"] = sha256, ["Approved"] = approved });

    private static string Count(int count, string noun) => count == 1 ? $"1 {noun}" : $"{count} {noun}s";

    private static string Clip(string text, int length) => text.Length <= length ? text : TextCut.AtMost(text, length - 1) + "…";
}
