using Prison.Domain.Evaluation;
using Prison.Domain.Record;

namespace Prison.Domain.Tests;

public class PrisonerTests
{
    [Fact]
    public void Every_change_marks_the_danger_status_unknown_and_bumps_the_version()
    {
        var prisoner = Prisoners.Convicted();
        var before = prisoner.ChangeVersion;
        Assert.True(prisoner.Accept(SomeVerdict(), prisoner.ChangeVersion));
        Assert.Equal(DangerStatus.Dangerous, prisoner.DangerStatus);

        prisoner.RecordDisciplinaryNotice(Prisoners.Today, NoticeType.Other, "shouted");

        Assert.Equal(DangerStatus.Unknown, prisoner.DangerStatus);
        Assert.Empty(prisoner.DangerReasons);
        Assert.Equal(before + 1, prisoner.ChangeVersion);
    }

    [Fact]
    public void A_verdict_for_an_older_version_is_not_accepted()
    {
        var prisoner = Prisoners.Convicted();
        var evaluated = prisoner.ChangeVersion;
        prisoner.ChangeLegalStatus(LegalStatus.Remand);

        Assert.False(prisoner.Accept(SomeVerdict(), evaluated));
        Assert.Equal(DangerStatus.Unknown, prisoner.DangerStatus);
    }

    [Fact]
    public void A_notice_without_text_is_refused_and_nothing_changes()
    {
        var prisoner = Prisoners.Convicted();
        var version = prisoner.ChangeVersion;

        Assert.Throws<RecordRefusedException>(() => prisoner.RecordDisciplinaryNotice(Prisoners.Today, NoticeType.Other, "  "));

        Assert.Empty(prisoner.DisciplinaryNotices);
        Assert.Equal(version, prisoner.ChangeVersion);
    }

    [Fact]
    public void A_transfer_ends_the_current_stay_and_starts_one_at_the_new_prison_with_the_same_sentence()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.Sentence(Sentence.OfYears(12));

        prisoner.Transfer(prisonId: 2, Prisoners.Today, forDisciplinaryReasons: true);

        Assert.Equal(2, prisoner.Stays.Count);
        Assert.Equal(Prisoners.Today, prisoner.Stays[0].LeftOn);
        var current = Assert.IsType<Stay>(prisoner.CurrentStay);
        Assert.Equal((2, ArrivalReason.DisciplinaryTransfer), (current.PrisonId, current.ArrivalReason));
        Assert.Equal(Sentence.OfYears(12), current.Sentence);
    }

    [Fact]
    public void Correcting_the_date_of_birth_is_a_change_of_the_record()
    {
        var prisoner = Prisoners.Convicted();
        var version = prisoner.ChangeVersion;

        prisoner.CorrectPersonalDetails("Corrected Name", new DateOnly(2003, 5, 1));

        Assert.Equal(("Corrected Name", new DateOnly(2003, 5, 1)), (prisoner.Name, prisoner.DateOfBirth));
        Assert.Equal(version + 1, prisoner.ChangeVersion);
        Assert.Equal(DangerStatus.Unknown, prisoner.DangerStatus);
    }

    [Fact]
    public void A_correction_without_a_name_is_refused_and_nothing_changes()
    {
        var prisoner = Prisoners.Convicted();
        var version = prisoner.ChangeVersion;

        Assert.Throws<RecordRefusedException>(() => prisoner.CorrectPersonalDetails(" ", new DateOnly(2003, 5, 1)));

        Assert.Equal(("Test Prisoner", new DateOnly(1980, 1, 1), version), (prisoner.Name, prisoner.DateOfBirth, prisoner.ChangeVersion));
    }

    [Fact]
    public void Cannot_be_admitted_twice()
    {
        Assert.Throws<RecordRefusedException>(() => Prisoners.Convicted().Admit(3, Prisoners.Today));
    }

    [Fact]
    public void Ending_a_period_before_it_started_is_refused()
    {
        var prisoner = Prisoners.Convicted();
        var watch = prisoner.StartSelfHarmWatch(Prisoners.Today);

        Assert.Throws<RecordRefusedException>(() => prisoner.EndSelfHarmWatch(watch.Id, Prisoners.Today.AddDays(-1)));
    }

    private static Verdict SomeVerdict() =>
        new(DangerStatus.Dangerous, [new FiredRule("NotConvicted", "Not convicted", ["remand"])], DateTime.UtcNow, null, "set");
}
