using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Rules;

/// <summary>
/// Rule 24: a verified membership of a security threat group (a gang) has started and not ended. An
/// unverified membership does not count until intelligence verifies it.
/// </summary>
public sealed class SecurityThreatGroupMember : OngoingPeriodRule<ThreatGroupMembership>
{
    public override string Title => "Verified member of a security threat group";

    public override RuleCategory Category => RuleCategory.Intelligence;

    protected override IEnumerable<ThreatGroupMembership> Candidates(Prisoner prisoner) =>
        prisoner.ThreatGroupMemberships.Where(m => m.IsVerified);

    protected override DateRange PeriodOf(ThreatGroupMembership record) => record.Period;
}
