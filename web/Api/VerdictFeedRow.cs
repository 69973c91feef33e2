namespace Prison.Web.Api;

/// <summary>One change of a verdict in a prison's feed, with where it sits in the feed (<see cref="Tx"/>, <see cref="Id"/>).</summary>
public sealed record VerdictFeedRow(
    long Id,
    string Tx,
    Guid PrisonerId,
    string Number,
    DateTime AtUtc,
    string? FromStatus,
    string ToStatus,
    string Reasons,
    long ChangeVersion,
    string? RuleSet)
{
    public string Cursor => $"{Tx}_{Id}";
}
