namespace Prison.Domain.Record;

/// <summary>Membership of a security threat group (a gang), as reported by intelligence.</summary>
public sealed class ThreatGroupMembership : Entry
{
    private ThreatGroupMembership()
    {
        GroupName = string.Empty;
        Period = new DateRange(DateOnly.MinValue);
    }

    internal ThreatGroupMembership(string groupName, DateOnly since, bool verified)
        : base(Guid.CreateVersion7())
    {
        GroupName = Require.Text(groupName, nameof(groupName), 200);
        Period = new DateRange(since);
        IsVerified = verified;
    }

    public string GroupName { get; private set; }

    public DateRange Period { get; private set; }

    public bool IsVerified { get; private set; }

    internal void Verify() => IsVerified = true;

    internal void End(DateOnly day) => Period = Period.EndedOn(day);

    /// <summary>Takes back an end recorded in error: the period runs on.</summary>
    internal void Reopen() => Period = new DateRange(Period.Start);

    public override string ToString() => $"{(IsVerified ? "verified" : "unverified")} member of {GroupName} {Period}";
}
