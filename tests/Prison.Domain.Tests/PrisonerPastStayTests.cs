using Prison.Domain.Record;

namespace Prison.Domain.Tests;

public class PrisonerPastStayTests
{
    [Fact]
    public void Earlier_stays_are_taken_in_any_order_and_each_is_a_change()
    {
        var prisoner = Prisoners.Convicted();
        var version = prisoner.ChangeVersion;

        prisoner.RecordPastStay(1, new DateOnly(2018, 1, 1), new DateOnly(2018, 12, 1), ArrivalReason.NewReception);
        prisoner.RecordPastStay(2, new DateOnly(2012, 1, 1), new DateOnly(2012, 3, 1), ArrivalReason.NewReception);
        prisoner.RecordPastStay(2, new DateOnly(2015, 1, 1), new DateOnly(2015, 3, 1), ArrivalReason.DisciplinaryTransfer);

        Assert.Equal(4, prisoner.Stays.Count);
        Assert.Equal(version + 3, prisoner.ChangeVersion);
        Assert.Equal(new DateOnly(2020, 1, 1), prisoner.CurrentStay!.ArrivalDate);
    }

    [Fact]
    public void A_stay_may_begin_the_day_another_ended_as_after_a_transfer()
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordPastStay(1, new DateOnly(2018, 1, 1), new DateOnly(2018, 12, 1), ArrivalReason.NewReception);

        prisoner.RecordPastStay(2, new DateOnly(2018, 12, 1), new DateOnly(2020, 1, 1), ArrivalReason.Transfer);

        Assert.Equal(3, prisoner.Stays.Count);
    }

    [Theory]
    [InlineData("2017-06-01", "2018-02-01")]
    [InlineData("2018-03-01", "2018-04-01")]
    [InlineData("2017-01-01", "2019-01-01")]
    [InlineData("2019-06-01", "2020-02-01")]
    public void A_stay_overlapping_another_is_refused_with_a_message_naming_it_and_nothing_changes(string arrival, string left)
    {
        var prisoner = Prisoners.Convicted();
        prisoner.RecordPastStay(1, new DateOnly(2018, 1, 1), new DateOnly(2018, 12, 1), ArrivalReason.NewReception);
        var version = prisoner.ChangeVersion;

        var refused = Assert.Throws<RecordRefusedException>(() =>
            prisoner.RecordPastStay(2, DateOnly.Parse(arrival), DateOnly.Parse(left), ArrivalReason.NewReception));

        Assert.Contains("overlaps the stay", refused.Message);
        Assert.Equal(version, prisoner.ChangeVersion);
        Assert.Equal(2, prisoner.Stays.Count);
    }

    [Fact]
    public void A_stay_that_ends_before_it_begins_is_refused()
    {
        var prisoner = Prisoners.Convicted();

        Assert.Throws<RecordRefusedException>(() => prisoner.RecordPastStay(1, new DateOnly(2018, 2, 1), new DateOnly(2018, 1, 1), ArrivalReason.NewReception));
    }

    [Fact]
    public void An_arrival_inside_an_earlier_stay_is_refused()
    {
        var prisoner = new Prisoner("A1", "Someone", null, LegalStatus.Convicted);
        prisoner.RecordPastStay(1, new DateOnly(2018, 1, 1), new DateOnly(2018, 12, 1), ArrivalReason.NewReception);

        Assert.Throws<RecordRefusedException>(() => prisoner.Admit(1, new DateOnly(2018, 6, 1)));
    }

    [Fact]
    public void A_struck_out_stay_does_not_stand_in_the_way_of_another()
    {
        var prisoner = Prisoners.Convicted();
        var wrong = prisoner.RecordPastStay(1, new DateOnly(2018, 1, 1), new DateOnly(2018, 12, 1), ArrivalReason.NewReception);
        prisoner.StrikeOut(wrong.Id, new Strike(new DateTime(2026, 11, 21, 0, 0, 0, DateTimeKind.Utc), "officer Smith", "wrong dates"));

        prisoner.RecordPastStay(1, new DateOnly(2018, 2, 1), new DateOnly(2018, 11, 1), ArrivalReason.NewReception);

        Assert.Equal(2, prisoner.Stays.Count);
    }
}
