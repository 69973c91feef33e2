using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests.Rules;

public class HostageTakingHistoryTests
{
    private readonly HostageTakingHistory _rule = new();

    [Theory]
    [InlineData(ChargeOutcome.Pending)]
    [InlineData(ChargeOutcome.Convicted)]
    [InlineData(ChargeOutcome.Acquitted)]
    [InlineData(ChargeOutcome.Dropped)]
    public void Fires_for_a_hostage_taking_charge_whatever_its_outcome(ChargeOutcome outcome)
    {
        var prisoner = Prisoners.Convicted();
        var charge = prisoner.RecordCharge("Hostage taking", OffenceCategory.HostageTaking, isViolent: true);
        prisoner.ConcludeCharge(charge.Id, outcome);

        var result = _rule.Evaluate(prisoner, Prisoners.Today);

        Assert.True(result.Fired);
        Assert.Contains(Words.InSentence(outcome), Assert.Single(result.Facts));
    }

    [Fact]
    public void Fires_for_a_hostage_taking_notice_however_long_ago()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2005, 2, 3), NoticeType.HostageTaking, "held an officer in a cell");

        var outcome = _rule.Evaluate(prisoner, Prisoners.Today);

        Assert.True(outcome.Fired);
        Assert.Contains("held an officer in a cell", Assert.Single(outcome.Facts));
    }

    [Theory]
    [InlineData(NoticeType.Other)]
    [InlineData(NoticeType.AssaultOnStaff)]
    [InlineData(NoticeType.Threat)]
    public void Does_not_fire_for_a_notice_of_another_type(NoticeType type)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 11, 1), type, "not hostage taking");

        Assert.False(_rule.Evaluate(prisoner, Prisoners.Today).Fired);
    }

    [Fact]
    public void Does_not_fire_for_a_charge_of_another_category()
    {
        var prisoner = Prisoners.Convicted();
        var charge = prisoner.RecordCharge("Kidnapping for ransom", OffenceCategory.Robbery, isViolent: true);
        prisoner.ConcludeCharge(charge.Id, ChargeOutcome.Convicted);

        Assert.False(_rule.Evaluate(prisoner, Prisoners.Today).Fired);
    }

    [Fact]
    public void Lists_each_charge_and_notice_as_a_fact()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordCharge("Hostage taking", OffenceCategory.HostageTaking, isViolent: true);
        prisoner.RecordCharge("Hostage taking at the bank", OffenceCategory.HostageTaking, isViolent: true);
        prisoner.RecordDisciplinaryNotice(new DateOnly(2024, 5, 6), NoticeType.HostageTaking, "held an officer in a cell");
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 11, 1), NoticeType.Other, "late for roll call");

        var outcome = _rule.Evaluate(prisoner, Prisoners.Today);

        Assert.Equal(3, outcome.Facts.Count);
        Assert.Contains(outcome.Facts, f => f.Contains("Hostage taking at the bank"));
        Assert.Contains(outcome.Facts, f => f.Contains("held an officer in a cell"));
        Assert.DoesNotContain(outcome.Facts, f => f.Contains("late for roll call"));
    }

    [Fact]
    public void Never_changes_with_time_alone()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordDisciplinaryNotice(new DateOnly(2026, 11, 1), NoticeType.HostageTaking, "held an officer in a cell");

        Assert.Null(_rule.Evaluate(prisoner, Prisoners.Today).NextChange);
    }
}
