using Prison.Domain.Evaluation;
using Prison.Domain.Record;
using Prison.Domain.Rules;

namespace Prison.Domain.Tests;

public class PrisonerStrikeOutTests
{
    private static readonly PrisonCalendar Calendar = new(TimeZoneInfo.FindSystemTimeZoneById("America/New_York"));
    private static readonly DateTime StruckAt = new(2026, 11, 21, 15, 0, 0, DateTimeKind.Utc);
    private static readonly DateOnly Today = Prisoners.Today;

    /// <summary>Each row records one entry that makes one rule fire, and names the rule.</summary>
    public static TheoryData<string, Func<Prisoner, Entry>> EntriesAndTheirRules => new()
    {
        { nameof(WeaponFoundInLast12Months), p => p.RecordDisciplinaryNotice(Today.AddDays(-10), NoticeType.Weapon, "a blade") },
        { nameof(ChargedWithViolentCrime), p => p.RecordCharge("Assault", OffenceCategory.Assault, isViolent: true) },
        { nameof(CurrentlySegregated), p => p.Segregate(Today.AddDays(-2), "fighting") },
        { nameof(ActiveDetainer), p => p.LodgeDetainer("Immigration", Today.AddDays(-30)) },
        { nameof(EscapeHistory), p => p.RecordEscape(new DateOnly(2015, 5, 1), EscapeKind.Escape) },
        { nameof(FailedDrugTestInLast3Months), p => p.RecordDrugTest(Today.AddDays(-5), DrugTestResult.Failed) },
        { nameof(OnSelfHarmWatch), p => p.StartSelfHarmWatch(Today.AddDays(-1)) },
        { nameof(VisitsBanned), p => p.BanVisits(Today.AddDays(-3), null, "smuggling") },
        { nameof(SecurityThreatGroupMember), p => p.RecordThreatGroupMembership("Crew", Today.AddDays(-100), verified: true) },
        { nameof(HighGradeIntelligenceInLast3Months), p => p.RecordIntelligence(Today.AddDays(-4), IntelligenceGrade.High, "plans") },
        { nameof(CurrentlyInDrugWithdrawal), p => p.StartWithdrawal(Today.AddDays(-2), "heroin") },
        { nameof(DisciplinaryTransferInLast6Months), p => p.Transfer(prisonId: 2, Today.AddDays(-20), forDisciplinaryReasons: true) },
        { nameof(ConvictedWhileInCustody), ConvictedDuringAnEarlierStay },
    };

    [Theory]
    [MemberData(nameof(EntriesAndTheirRules))]
    public void A_struck_out_entry_no_longer_fires_its_rule(string rule, Func<Prisoner, Entry> record)
    {
        var prisoner = Prisoners.Convicted();
        var entry = record(prisoner);
        Assert.Contains(rule, Fired(prisoner));

        prisoner.StrikeOut(entry.Id, new Strike(StruckAt, "officer Smith", "entered on the wrong prisoner"));

        Assert.DoesNotContain(rule, Fired(prisoner));
        Assert.Contains(entry, prisoner.EntriesIncludingStruck());
    }

    [Fact]
    public void Three_earlier_stays_recorded_out_of_order_fire_rule_38_until_one_is_struck_out()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordPastStay(1, new DateOnly(2016, 1, 1), new DateOnly(2016, 6, 1), ArrivalReason.NewReception);
        var middle = prisoner.RecordPastStay(1, new DateOnly(2012, 1, 1), new DateOnly(2013, 1, 1), ArrivalReason.NewReception);
        prisoner.RecordPastStay(2, new DateOnly(2018, 3, 1), new DateOnly(2019, 12, 31), ArrivalReason.NewReception);
        Assert.Contains(nameof(ThreeOrMorePriorImprisonments), Fired(prisoner));

        prisoner.StrikeOut(middle.Id, new Strike(StruckAt, "officer Smith", "another person's stay"));

        Assert.DoesNotContain(nameof(ThreeOrMorePriorImprisonments), Fired(prisoner));
        Assert.Equal(3, prisoner.Stays.Count);
    }

    [Fact]
    public void Striking_out_marks_the_entry_with_who_when_and_why_and_is_a_change()
    {
        var prisoner = Prisoners.Convicted();
        var notice = prisoner.RecordDisciplinaryNotice(Today, NoticeType.Other, "shouted");
        var version = prisoner.ChangeVersion;

        prisoner.StrikeOut(notice.Id, new Strike(StruckAt, "officer Smith", "wrong prisoner"));

        Assert.True(notice.IsStruck);
        Assert.Equal(("officer Smith", "wrong prisoner", StruckAt), (notice.Strike!.By, notice.Strike.Reason, notice.Strike.AtUtc));
        Assert.Empty(prisoner.DisciplinaryNotices);
        Assert.Equal(version + 1, prisoner.ChangeVersion);
        Assert.Equal(DangerStatus.Unknown, prisoner.DangerStatus);
    }

    [Fact]
    public void An_entry_struck_out_once_cannot_be_struck_out_again_nor_ended()
    {
        var prisoner = Prisoners.Convicted();
        var segregation = prisoner.Segregate(Today, "fighting");
        prisoner.StrikeOut(segregation.Id, new Strike(StruckAt, "officer Smith", "wrong prisoner"));
        var version = prisoner.ChangeVersion;

        Assert.Throws<RecordRefusedException>(() => prisoner.StrikeOut(segregation.Id, new Strike(StruckAt, "officer Jones", "again")));
        Assert.Throws<RecordRefusedException>(() => prisoner.EndSegregation(segregation.Id, Today));
        Assert.Equal(version, prisoner.ChangeVersion);
    }

    [Fact]
    public void A_strike_out_needs_a_reason()
    {
        Assert.Throws<RecordRefusedException>(() => new Strike(StruckAt, "officer Smith", "  "));
    }

    /// <summary>Staff never give the time: a local one is the calling code's bug, not a refusal to tell them of.</summary>
    [Fact]
    public void A_strike_out_at_a_time_not_in_UTC_is_a_bug_of_the_caller_and_not_a_refusal()
    {
        Assert.Throws<ArgumentException>(() => new Strike(DateTime.SpecifyKind(StruckAt, DateTimeKind.Local), "officer Smith", "a mistake"));
    }

    [Fact]
    public void Striking_out_the_current_stay_leaves_the_prisoner_out_of_custody_and_free_to_be_admitted_again()
    {
        var prisoner = Prisoners.Convicted();

        prisoner.StrikeOut(prisoner.CurrentStay!.Id, new Strike(StruckAt, "officer Smith", "never arrived"));

        Assert.Null(prisoner.CurrentStay);
        prisoner.Admit(2, Today);
        Assert.Equal(2, prisoner.CurrentStay!.PrisonId);
    }

    [Fact]
    public void Striking_out_a_transfer_puts_the_prisoner_back_in_the_stay_it_ended()
    {
        var prisoner = Prisoners.Convicted();
        var first = prisoner.CurrentStay!;
        var moved = prisoner.Transfer(prisonId: 2, Today.AddDays(-3), forDisciplinaryReasons: false);

        prisoner.StrikeOut(moved.Id, new Strike(StruckAt, "officer Smith", "the move was cancelled"));

        Assert.Same(first, prisoner.CurrentStay);
        Assert.Null(first.LeftOn);
    }

    private static Entry ConvictedDuringAnEarlierStay(Prisoner prisoner)
    {
        var stay = prisoner.RecordPastStay(3, new DateOnly(2010, 1, 1), new DateOnly(2011, 1, 1), ArrivalReason.NewReception);
        var charge = prisoner.RecordCharge("Assault on an officer", OffenceCategory.Assault, isViolent: false, new DateOnly(2010, 6, 1));
        prisoner.ConcludeCharge(charge.Id, ChargeOutcome.Convicted);
        return stay;
    }

    private static IEnumerable<string> Fired(Prisoner prisoner) =>
        new DangerEvaluator(new RuleSet(RuleCatalog.BuiltIn()), Calendar)
            .Evaluate(prisoner, Calendar.StartOfDayUtc(Today).AddHours(12)).FiredRules.Select(f => f.Code);
}
