using Prison.Domain.Evaluation;

namespace Prison.Domain.Tests.Evaluation;

public class TrailingWindowTests
{
    public static TheoryData<string, int> Windows => new()
    {
        { "days", 7 }, { "days", 30 }, { "months", 1 }, { "months", 2 }, { "months", 6 }, { "months", 12 }, { "years", 5 },
    };

    [Theory]
    [MemberData(nameof(Windows))]
    public void Next_change_is_the_first_later_day_on_which_the_answer_differs(string unit, int length)
    {
        var window = Make(unit, length);
        // Two years of dates around leap days and month ends, each checked against a day-by-day scan.
        for (var date = new DateOnly(2027, 11, 1); date <= new DateOnly(2028, 4, 5); date = date.AddDays(1))
        {
            foreach (var today in new[] { date.AddDays(-3), date, date.AddDays(5), date.AddMonths(length).AddDays(-2) })
            {
                Assert.Equal(ScanForChange(window, date, today), window.NextChange(date, today));
            }
        }
    }

    [Fact]
    public void A_notice_of_31_December_still_counts_on_28_February_and_stops_on_1_March()
    {
        var window = TrailingWindow.Months(2);
        var notice = new DateOnly(2026, 12, 31);

        Assert.True(window.Contains(notice, new DateOnly(2027, 2, 28)));
        Assert.False(window.Contains(notice, new DateOnly(2027, 3, 1)));
        Assert.Equal(new DateOnly(2027, 3, 1), window.NextChange(notice, new DateOnly(2027, 1, 15)));
    }

    [Fact]
    public void Says_its_length_in_words()
    {
        Assert.Equal("2 months", TrailingWindow.Months(2).ToString());
        Assert.Equal("1 day", TrailingWindow.Days(1).ToString());
    }

    private static TrailingWindow Make(string unit, int length) => unit switch
    {
        "days" => TrailingWindow.Days(length),
        "months" => TrailingWindow.Months(length),
        _ => TrailingWindow.Years(length),
    };

    private static DateOnly? ScanForChange(TrailingWindow window, DateOnly date, DateOnly today)
    {
        var now = window.Contains(date, today);
        for (var day = today.AddDays(1); day <= today.AddYears(6); day = day.AddDays(1))
        {
            if (window.Contains(date, day) != now)
            {
                return day;
            }
        }

        return null;
    }
}
