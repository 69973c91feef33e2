using Prison.Db.Demo;
using Prison.Domain;
using Prison.Domain.Evaluation;
using Prison.Domain.Rules;

namespace Prison.Db.Tests.Demo;

public class DemoRecordsTests
{
    private static readonly PrisonCalendar Calendar = new(TimeZoneInfo.Utc);

    private static readonly RuleSet AllRules = new(RuleCatalog.BuiltIn());

    // Rule 35 ships disabled (RULES.md).
    private static readonly RuleSet ShippedRules = AllRules.Without([nameof(ArrivedInLast7Days)]);

    // Month ends, a leap day and a second seed: the windows and the data must agree on any day.
    public static TheoryData<DateOnly, int> Days => new()
    {
        { new DateOnly(2026, 11, 21), 1729 },
        { new DateOnly(2028, 2, 29), 1729 },
        { new DateOnly(2027, 3, 31), 7 },
    };

    [Theory]
    [MemberData(nameof(Days))]
    public void Every_built_in_rule_fires_for_some_prisoner(DateOnly today, int seed)
    {
        var fired = FireCounts(DemoRecords.Create(today, seed), today);

        Assert.All(AllRules.Rules, rule => Assert.True(fired.ContainsKey(rule.Code), $"{rule.Code} fired for nobody"));
    }

    [Theory]
    [MemberData(nameof(Days))]
    public void Every_rule_fires_at_more_than_one_prison(DateOnly today, int seed)
    {
        var data = DemoRecords.Create(today, seed);
        var evaluator = new DangerEvaluator(AllRules, Calendar);

        var prisonsByRule = data.Prisoners
            .SelectMany(p => evaluator.Evaluate(p, Noon(today)).FiredRules.Select(f => (f.Code, p.CurrentStay!.PrisonId)))
            .GroupBy(f => f.Code, f => f.PrisonId)
            .ToDictionary(g => g.Key, g => g.Distinct().Count());

        Assert.All(AllRules.Rules, rule => Assert.True(prisonsByRule.GetValueOrDefault(rule.Code) >= 2, $"{rule.Code} fired at {prisonsByRule.GetValueOrDefault(rule.Code)} prisons"));
    }

    [Theory]
    [MemberData(nameof(Days))]
    public void Most_prisoners_are_not_dangerous_under_the_shipped_rule_set(DateOnly today, int seed)
    {
        var data = DemoRecords.Create(today, seed);
        var evaluator = new DangerEvaluator(ShippedRules, Calendar);

        var dangerous = data.Prisoners.Count(p => evaluator.Evaluate(p, Noon(today)).IsDangerous);

        Assert.InRange(dangerous / (double)data.Prisoners.Count, 0.25, 0.35);
    }

    [Theory]
    [MemberData(nameof(Days))]
    public void Each_prison_has_dangerous_and_harmless_prisoners_among_its_ten_latest_arrivals(DateOnly today, int seed)
    {
        var data = DemoRecords.Create(today, seed);
        var evaluator = new DangerEvaluator(ShippedRules, Calendar);

        foreach (var prison in data.Prisons)
        {
            var latest = data.Prisoners
                .Where(p => p.CurrentStay!.PrisonId == prison.Id)
                .OrderByDescending(p => p.CurrentStay!.ArrivalDate)
                .Take(10)
                .Select(p => evaluator.Evaluate(p, Noon(today)).IsDangerous)
                .ToList();

            Assert.Contains(true, latest);
            Assert.Contains(false, latest);
        }
    }

    [Fact]
    public void The_ten_latest_arrivals_of_a_prison_are_not_tied_with_the_eleventh()
    {
        var data = DemoRecords.Create(new DateOnly(2026, 11, 21));

        Assert.All(data.Prisons, prison =>
        {
            var arrivals = ArrivalsAt(prison, data);
            Assert.True(arrivals[9] > arrivals[10]);
        });
    }

    [Fact]
    public void Each_prison_had_several_arrivals_in_the_last_few_days()
    {
        var today = new DateOnly(2026, 11, 21);
        var data = DemoRecords.Create(today);

        Assert.All(data.Prisons, prison => Assert.True(ArrivalsAt(prison, data).Count(day => day > today.AddDays(-4)) >= 3));
    }

    [Fact]
    public void Same_day_and_seed_give_the_same_prisoners()
    {
        var today = new DateOnly(2026, 11, 21);

        var first = DemoRecords.Create(today).Prisoners.Select(Describe);
        var second = DemoRecords.Create(today).Prisoners.Select(Describe);

        Assert.Equal(first, second);
    }

    [Fact]
    public void Another_seed_gives_other_prisoners()
    {
        var today = new DateOnly(2026, 11, 21);

        var names = DemoRecords.Create(today, seed: 1).Prisoners.Select(p => p.Name);
        var others = DemoRecords.Create(today, seed: 2).Prisoners.Select(p => p.Name);

        Assert.NotEqual(names, others);
    }

    [Theory]
    [MemberData(nameof(Days))]
    public void Every_prisoner_is_held_at_a_demo_prison(DateOnly today, int seed)
    {
        var data = DemoRecords.Create(today, seed);

        Assert.Equal([1, 2, 3], data.Prisons.Select(p => p.Id));
        Assert.All(data.Prisoners, p => Assert.Contains(p.CurrentStay!.PrisonId, data.Prisons.Select(f => f.Id)));
    }

    [Theory]
    [MemberData(nameof(Days))]
    public void Each_prison_holds_a_hundred_prisoners_who_arrived_in_the_last_two_years(DateOnly today, int seed)
    {
        var data = DemoRecords.Create(today, seed);

        Assert.All(data.Prisons, prison =>
        {
            var arrivals = ArrivalsAt(prison, data);
            Assert.Equal(100, arrivals.Count);
            Assert.All(arrivals, day => Assert.InRange(day, today.AddYears(-2).AddDays(-30), today));
        });
    }

    [Theory]
    [MemberData(nameof(Days))]
    public void Earlier_stays_come_in_date_order_and_end_before_the_current_one(DateOnly today, int seed)
    {
        var data = DemoRecords.Create(today, seed);

        Assert.All(data.Prisoners, prisoner =>
        {
            var stays = prisoner.Stays;
            Assert.Equal(stays.OrderBy(i => i.ArrivalDate), stays);
            Assert.Same(prisoner.CurrentStay, stays[^1]);
            Assert.All(stays.Zip(stays.Skip(1)), pair => Assert.True(pair.First.LeftOn <= pair.Second.ArrivalDate));
        });
    }

    [Theory]
    [MemberData(nameof(Days))]
    public void Nothing_on_record_is_dated_after_today_but_hearings_and_the_end_of_visit_bans(DateOnly today, int seed)
    {
        var data = DemoRecords.Create(today, seed);

        Assert.All(data.Prisoners, p =>
        {
            var days = p.Stays.Select(i => i.ArrivalDate)
                .Concat(p.DisciplinaryNotices.Select(n => n.Date))
                .Concat(p.Charges.Select(c => c.OffenceDate ?? today))
                .Concat(p.Requests.Select(r => r.Date))
                .Concat(p.DrugTests.Select(t => t.Date))
                .Concat(p.IntelligenceReports.Select(r => r.Date))
                .Concat(p.EscapeRecords.Select(e => e.Date))
                .Concat(p.PsychiatricEpisodes.Select(e => e.Date))
                .Concat(p.MedicationStops.Select(s => s.Date))
                .Concat(p.ContactOrderBreaches.Select(b => b.Date))
                .Concat(p.VisitBans.Select(b => b.Period.Start))
                .Concat(p.WithdrawalEpisodes.Select(e => e.Period.End ?? e.Period.Start))
                .Concat(p.SelfHarmWatches.Select(w => w.Period.End ?? w.Period.Start))
                .Concat(p.SegregationPeriods.Select(s => s.Period.End ?? s.Period.Start))
                .Concat(p.Detainers.Select(d => d.Period.End ?? d.Period.Start))
                .Concat(p.ThreatGroupMemberships.Select(m => m.Period.End ?? m.Period.Start));
            Assert.All(days, day => Assert.True(day <= today, $"{p.Number} has a record of {day:yyyy-MM-dd}"));
        });
    }

    [Fact]
    public void Prisoner_numbers_are_unique()
    {
        var numbers = DemoRecords.Create(new DateOnly(2026, 11, 21)).Prisoners.Select(p => p.Number).ToList();

        Assert.Equal(numbers.Count, numbers.Distinct().Count());
    }

    private static Dictionary<string, int> FireCounts(DemoData data, DateOnly today)
    {
        var evaluator = new DangerEvaluator(AllRules, Calendar);
        return data.Prisoners
            .SelectMany(p => evaluator.Evaluate(p, Noon(today)).FiredRules)
            .GroupBy(f => f.Code)
            .ToDictionary(g => g.Key, g => g.Count());
    }

    /// <summary>The arrival days of a prison's current prisoners, latest first.</summary>
    private static List<DateOnly> ArrivalsAt(PrisonFacility prison, DemoData data) =>
        data.Prisoners
            .Select(p => p.CurrentStay!)
            .Where(i => i.PrisonId == prison.Id)
            .Select(i => i.ArrivalDate)
            .OrderDescending()
            .ToList();

    private static DateTime Noon(DateOnly day) => day.ToDateTime(new TimeOnly(12, 0), DateTimeKind.Utc);

    /// <summary>Everything about a prisoner but the ids, which the domain makes afresh.</summary>
    private static string Describe(Prisoner p) =>
        string.Join(
            " | ",
            new object?[] { p.Number, p.Name, p.DateOfBirth, p.LegalStatus, p.SecurityCategory }
                .Concat(p.Stays.Select(i => $"{i} {i.Sentence}"))
                .Concat(p.Charges)
                .Concat(p.DisciplinaryNotices)
                .Concat(p.Requests)
                .Concat(p.CourtHearings)
                .Concat(p.Detainers)
                .Concat(p.WithdrawalEpisodes)
                .Concat(p.SegregationPeriods)
                .Concat(p.EscapeRecords)
                .Concat(p.ThreatGroupMemberships)
                .Concat(p.IntelligenceReports)
                .Concat(p.DrugTests)
                .Concat(p.SelfHarmWatches)
                .Concat(p.PsychiatricEpisodes)
                .Concat(p.MedicationStops)
                .Concat(p.VisitBans)
                .Concat(p.ContactOrderBreaches));
}
